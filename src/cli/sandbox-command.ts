// `xihe sandbox --repo DIR [--runner ...] [--network none|install] [--timeout-ms N] [--memory-mb N]
// [--max-pids N] [--json] -- ARGV...`: runs one command exactly as a run would (same runner choice,
// limits, environment allow-list and redaction) so users can see how their commands behave under Xihe.
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import type { RegisterCommand } from "./register-command.ts";
import type { CliIo, ExitCode } from "./cli-io.ts";
import { loadEnv, parseRepoConfig, type Env } from "../config.ts";
import { UsageError } from "../errors.ts";
import { redactText, secretValuesFromEnv } from "../redact.ts";
import { chooseSandbox, type ChooseSandboxOptions } from "../workspace/sandbox/choose-sandbox.ts";
import type { SandboxResult } from "../workspace/sandbox/sandbox.ts";
import { defaultSandboxLimits } from "../workspace/sandbox/sandbox-limits.ts";
import { detectSandboxSupport, type SandboxSupport } from "../workspace/sandbox/sandbox-support.ts";
import { detectToolchains } from "../workspace/sandbox/detect-toolchains.ts";
import { withCheckoutReturned } from "../workspace/sandbox/return-checkout.ts";

interface SandboxFlags {
  repo?: string;
  runner?: string;
  trustLocal?: boolean;
  network: string;
  timeoutMs?: string;
  memoryMb?: string;
  maxPids?: string;
  json?: boolean;
  check?: boolean;
}

const runners = ["auto", "bwrap", "docker", "local"] as const;

export const registerSandboxCommand: RegisterCommand = (program, io, setExit) => {
  program
    .command("sandbox")
    .description("Run one command in the sandbox exactly as a Xihe run would, and print the result")
    .argument("[argv...]", "the command and its arguments, after --")
    .option("--repo <dir>", "the checkout to run in (default: the current directory)")
    .option("--runner <kind>", "auto | bwrap | docker | local (default: config, then XIHE_SANDBOX)")
    .option("--trust-local", "allow the local runner (no isolation) for your own checkout")
    .option("--network <mode>", "none | install", "none")
    .option("--timeout-ms <n>", "kill the command after this many milliseconds")
    .option("--memory-mb <n>", "memory limit")
    .option("--max-pids <n>", "process limit")
    .option("--json", "print the result object as JSON")
    .option("--check", "print what this machine can enforce, and run nothing")
    .action((argv: string[], flags: SandboxFlags) => runSandboxCommand(argv, flags, io, setExit));
};

async function runSandboxCommand(
  argv: string[],
  flags: SandboxFlags,
  io: CliIo,
  setExit: (code: ExitCode) => void,
): Promise<void> {
  const env = loadEnv(io.env);
  // Redaction looks at every secret-named variable, not only the ones the schema knows.
  const secrets = secretValuesFromEnv(io.env);
  const scrub = (text: string): string => redactText(text, secrets);
  const support = detectSandboxSupport(randomUUID());
  if (flags.check) {
    io.stdout(`${support.notes.join("\n")}\n`);
    setExit(support.bwrap === null ? 1 : 0);
    return;
  }
  if (argv.length === 0) throw new UsageError("give the command after --, e.g. xihe sandbox -- npm test");
  const { options, network } = sandboxRequest(flags, { io, env, support, scrub });
  const sandbox = chooseSandbox(options);
  const result = await withCheckoutReturned(sandbox.root, () =>
    sandbox.run(argv, {
      network,
      timeoutMs: positive(flags.timeoutMs, "--timeout-ms"),
      memoryMb: positive(flags.memoryMb, "--memory-mb"),
      maxPids: positive(flags.maxPids, "--max-pids"),
      onOutput: flags.json
        ? undefined
        : (chunk, stream) => (stream === "stdout" ? io.stdout : io.stderr)(scrub(chunk)),
    }),
  );
  const clean: SandboxResult = { ...result, stdout: scrub(result.stdout), stderr: scrub(result.stderr) };
  if (flags.json) io.stdout(`${JSON.stringify({ runner: sandbox.kind, ...clean })}\n`);
  else io.stderr(summaryLine(sandbox.kind, clean));
  setExit(result.exitCode === 0 ? 0 : 1);
}

/** The runner and limits a run would use for this checkout, and the network mode, after the flags are checked. */
function sandboxRequest(
  flags: SandboxFlags,
  host: { io: CliIo; env: Env; support: SandboxSupport; scrub: (text: string) => string },
): { options: ChooseSandboxOptions; network: "none" | "install" } {
  const { io, env } = host;
  const root = resolve(io.cwd, flags.repo ?? ".");
  if (!existsSync(root) || !statSync(root).isDirectory())
    throw new UsageError(`--repo must be a directory; ${flags.repo ?? root} is not one`);
  const configPath = join(root, ".github", "xihe.yml");
  const config = parseRepoConfig(existsSync(configPath) ? readFileSync(configPath, "utf8") : null).sandbox;
  const requested = flags.runner ?? (config.runner !== "auto" ? config.runner : env.XIHE_SANDBOX);
  if (!isRunner(requested))
    throw new UsageError(`--runner must be one of ${runners.join(", ")}; got ${requested}`);
  if (flags.network !== "none" && flags.network !== "install")
    throw new UsageError(`--network must be none or install; got ${flags.network}`);
  const options: ChooseSandboxOptions = {
    requested,
    source: "local_checkout",
    trustLocal: flags.trustLocal === true,
    root,
    support: host.support,
    dockerImage: env.XIHE_DOCKER_IMAGE,
    newId: randomUUID,
    now: Date.now,
    redact: host.scrub,
    toolchains: detectToolchains({ hostEnv: io.env, configured: config.toolchains }),
    defaults: {
      ...defaultSandboxLimits,
      timeoutMs: config.command_timeout_seconds * 1000,
      memoryMb: config.memory_mb,
      maxPids: config.max_pids,
    },
  };
  return { options, network: flags.network };
}

function isRunner(value: string): value is (typeof runners)[number] {
  return (runners as readonly string[]).includes(value);
}

function positive(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new UsageError(`${flag} must be a positive whole number; got ${value}`);
  return n;
}

function summaryLine(kind: string, r: SandboxResult): string {
  const status = r.timedOut
    ? "timed out"
    : r.exitCode === null
      ? `killed by ${r.signal ?? "a signal"}`
      : `exit ${r.exitCode}`;
  const extras = [r.limitHit ? `limit hit: ${r.limitHit}` : "", r.truncated ? "output truncated" : ""].filter(
    Boolean,
  );
  return `xihe sandbox (${kind}): ${status} after ${r.durationMs} ms${extras.length ? `; ${extras.join("; ")}` : ""}\n`;
}
