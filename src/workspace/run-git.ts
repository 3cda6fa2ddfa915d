// Runs git with the hardened environment (git-env.ts). Failures become GitCommandError with the
// output redacted: a token must not reach logs even if a server echoes it back.
import { execa } from "execa";
import { XiheError } from "../errors.ts";
import { redactText } from "../redact.ts";
import { buildGitEnv, type GitEnvOptions } from "./git-env.ts";

export class GitCommandError extends XiheError {
  readonly code = "git_failed";
}

export interface RunGitOptions extends GitEnvOptions {
  cwd: string;
  timeoutMs?: number;
}

export async function runGit(args: readonly string[], o: RunGitOptions): Promise<string> {
  const result = await execa("git", [...args], {
    cwd: o.cwd,
    env: buildGitEnv(o),
    extendEnv: false,
    reject: false,
    stdin: "ignore",
    timeout: o.timeoutMs ?? 300_000,
    killSignal: "SIGKILL",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.exitCode === 0 && !result.timedOut) return result.stdout;
  const secrets = o.token === undefined ? [] : [o.token];
  const detail = redactText(result.stderr || result.stdout || String(result.shortMessage), secrets).slice(
    -2000,
  );
  const what = result.timedOut ? "timed out" : `failed (exit ${result.exitCode ?? "signal"})`;
  throw new GitCommandError(`git ${args[0] ?? ""} ${what}: ${detail.trim()}`);
}
