// The one way Xihe runs git on the host: argv only, the from-scratch environment of git-env.ts and
// nothing inherited from the process (extendEnv: false), so neither ~/.gitconfig nor a variable such
// as the model key reaches git or anything git starts. Failures become GitCommandError with the
// output redacted: a token must not reach logs even if a server echoes it back.
import { execa } from "execa";
import { XiheError } from "../../errors.ts";
import { redactText } from "../../redact.ts";
import { buildGitEnv, type GitEnvOptions } from "./git-env.ts";

export class GitCommandError extends XiheError {
  readonly code = "git_failed";
}

export interface RunGitOptions extends GitEnvOptions {
  cwd: string;
  timeoutMs?: number;
  /** Variables for this call only, e.g. GIT_AUTHOR_DATE, or GIT_DIR to pin the repository. */
  env?: Record<string, string>;
  /** Exit codes that are answers rather than failures (e.g. 1 from `diff --quiet`). */
  okExitCodes?: readonly number[];
}

export interface GitExit<T> {
  stdout: T;
  exitCode: number;
}

type Output = string | Uint8Array | readonly string[];

async function execGit(
  args: readonly string[],
  o: RunGitOptions,
  encoding: "utf8" | "buffer",
): Promise<GitExit<Output>> {
  const result = await execa("git", [...args], {
    cwd: o.cwd,
    env: { ...buildGitEnv(o), ...o.env },
    extendEnv: false,
    reject: false,
    stdin: "ignore",
    encoding,
    stripFinalNewline: false,
    timeout: o.timeoutMs ?? 300_000,
    killSignal: "SIGKILL",
    maxBuffer: 256 * 1024 * 1024,
  });
  const exitCode = result.exitCode ?? -1;
  if (!result.timedOut && (o.okExitCodes ?? [0]).includes(exitCode))
    return { stdout: result.stdout, exitCode };
  const secrets = o.token === undefined ? [] : [o.token];
  const raw = text(result.stderr) || text(result.stdout) || String(result.shortMessage);
  const detail = redactText(raw, secrets).trim().slice(-2000);
  const what = result.timedOut ? "timed out" : `failed (exit ${result.exitCode ?? "signal"})`;
  const verb = args.find((a, i) => !a.startsWith("-") && args[i - 1] !== "-c") ?? "";
  throw new GitCommandError(`git ${verb} ${what}: ${detail}`);
}

function text(output: Output): string {
  if (output instanceof Uint8Array) return Buffer.from(output).toString("utf8");
  return typeof output === "string" ? output : output.join("\n");
}

/** stdout without its final newline; any exit other than 0 (or okExitCodes) throws. */
export async function runGit(args: readonly string[], o: RunGitOptions): Promise<string> {
  const { stdout } = await execGit(args, o, "utf8");
  return text(stdout).replace(/\r?\n$/, "");
}

/** stdout as git printed it and the exit code, for commands whose exit code is the answer. */
export async function runGitForExit(args: readonly string[], o: RunGitOptions): Promise<GitExit<string>> {
  const { stdout, exitCode } = await execGit(args, o, "utf8");
  return { stdout: text(stdout), exitCode };
}

/** stdout as bytes: paths printed with -z need not be UTF-8. */
export async function runGitBytes(args: readonly string[], o: RunGitOptions): Promise<Buffer> {
  const { stdout } = await execGit(args, o, "buffer");
  return stdout instanceof Uint8Array ? Buffer.from(stdout) : Buffer.from(text(stdout));
}
