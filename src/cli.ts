// The `xihe` command line: wires subcommands (one file each under cli/) to the core. Exit codes:
// 0 ok, 1 failures found or fix failed, 2 usage or config error.
import { Command, CommanderError } from "commander";
import { XiheError } from "./errors.ts";
import { processIo, type CliIo, type ExitCode } from "./cli/cli-io.ts";
import type { RegisterCommand } from "./cli/register-command.ts";
import { registerDiagnoseCommand } from "./cli/diagnose-command.ts";
import { registerFixCommand } from "./cli/fix-command.ts";
import { registerSandboxCommand } from "./cli/sandbox-command.ts";
import { registerIndexCommand } from "./cli/index-command.ts";
import { registerLocateCommand } from "./cli/locate-command.ts";
import { registerAskCommand } from "./cli/ask-command.ts";
import { registerExplainCommand } from "./cli/explain-command.ts";
import { registerNotifyCommand } from "./cli/notify-command.ts";
import { registerUpgradeCommand } from "./cli/upgrade-command.ts";
import { registerBenchCommand } from "./cli/bench-command.ts";

// Subcommands, in the order `--help` lists them.
const commands: RegisterCommand[] = [
  registerDiagnoseCommand,
  registerLocateCommand,
  registerAskCommand,
  registerExplainCommand,
  registerIndexCommand,
  registerFixCommand,
  registerUpgradeCommand,
  registerSandboxCommand,
  registerNotifyCommand,
  registerBenchCommand,
];

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
    .showHelpAfterError("(run `xihe --help` for usage)");
  for (const register of commands) register(program, io, (code) => (exitCode = code));
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
