// The `xihe` command line: wires subcommands (one file each under cli/) to the core. Exit codes:
// 0 ok, 1 failures found or fix failed, 2 usage or config error.
import { readFileSync } from "node:fs";
import { Command, CommanderError } from "commander";
import { XiheError } from "./errors.ts";
import { processIo, type CliIo, type ExitCode } from "./cli/cli-io.ts";
import type { RegisterCommand } from "./cli/register-command.ts";

// Subcommands, in the order `--help` lists them. Each is loaded when used: `xihe locate` need not
// load the fix loop (its imports take seconds of start-up), so a named subcommand loads only itself.
const commands: { name: string; load: () => Promise<RegisterCommand> }[] = [
  { name: "diagnose", load: async () => (await import("./cli/diagnose-command.ts")).registerDiagnoseCommand },
  { name: "locate", load: async () => (await import("./cli/locate-command.ts")).registerLocateCommand },
  { name: "ask", load: async () => (await import("./cli/ask-command.ts")).registerAskCommand },
  { name: "explain", load: async () => (await import("./cli/explain-command.ts")).registerExplainCommand },
  { name: "index", load: async () => (await import("./cli/index-command.ts")).registerIndexCommand },
  { name: "fix", load: async () => (await import("./cli/fix-command.ts")).registerFixCommand },
  { name: "upgrade", load: async () => (await import("./cli/upgrade-command.ts")).registerUpgradeCommand },
  { name: "ignore", load: async () => (await import("./cli/ignore-command.ts")).registerIgnoreCommand },
  { name: "sandbox", load: async () => (await import("./cli/sandbox-command.ts")).registerSandboxCommand },
  { name: "notify", load: async () => (await import("./cli/notify-command.ts")).registerNotifyCommand },
  { name: "workflow", load: async () => (await import("./cli/workflow-command.ts")).registerWorkflowCommand },
  { name: "token", load: async () => (await import("./cli/token-command.ts")).registerTokenCommand },
  { name: "export", load: async () => (await import("./cli/export-command.ts")).registerExportCommand },
  { name: "serve", load: async () => (await import("./cli/serve-command.ts")).registerServeCommand },
  { name: "bench", load: async () => (await import("./cli/bench-command.ts")).registerBenchCommand },
  { name: "worker", load: async () => (await import("./cli/worker-command.ts")).registerWorkerCommand },
];

// Read for every command (commander lists -V in --help): a copy without package.json beside src/
// must still run its subcommands, so a missing or bad manifest only makes the version "unknown".
function packageVersion(): string {
  try {
    const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
      version?: unknown;
    };
    return typeof manifest.version === "string" ? manifest.version : "unknown";
  } catch {
    return "unknown";
  }
}

export async function main(argv: readonly string[], io: CliIo = processIo()): Promise<ExitCode> {
  let exitCode: ExitCode = 0;
  const program = new Command("xihe")
    .description(
      "Xihe: from red CI to a verified fix. Runs the same pipeline as the GitHub App on a local checkout.",
    )
    .exitOverride()
    // Options after a subcommand belong to it (`xihe bench make --out` is make's --out, not bench's).
    .enablePositionalOptions()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .showHelpAfterError("(run `xihe --help` for usage)")
    // What a bug report needs first; read from package.json so a release cannot print a stale number.
    .version(packageVersion(), "-V, --version", "print xihe's version");
  const named = commands.filter((c) => c.name === argv[0]);
  // `--version` needs no subcommand: loading them all would only slow it down.
  const versionOnly = argv[0] === "--version" || argv[0] === "-V";
  for (const command of named.length > 0 || versionOnly ? named : commands)
    (await command.load())(program, io, (code) => (exitCode = code));
  try {
    await program.parseAsync([...argv], { from: "user" });
    return exitCode;
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.code === "commander.helpDisplayed" || err.code === "commander.version" || err.exitCode === 0)
        return 0;
      return 2;
    }
    if (err instanceof XiheError && (err.code === "usage_error" || err.code === "config_invalid")) {
      io.stderr(`xihe: ${err.message}\n`);
      return 2;
    }
    io.stderr(`xihe: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
}
