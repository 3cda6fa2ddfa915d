// git for delivery: the workspace's hardened environment (no hooks, no ambient config, the token
// only as an http.extraHeader in GIT_CONFIG_* variables, never in argv, a URL or .git/config),
// bound to one directory. Output in errors is redacted, the token included.
import { execa } from "execa";
import { redactText } from "../redact.ts";
import { buildGitEnv } from "../workspace/git-env.ts";
import { GitCommandError } from "../workspace/run-git.ts";

export interface DeliveryGitOptions {
  dir: string;
  /** An empty directory used as core.hooksPath, so no repository hook ever runs. */
  hooksDir: string;
  /** Installation token for https remotes. */
  token?: string;
}

/** Runs git in the bound directory; `env` adds variables such as GIT_AUTHOR_DATE for one call. */
export type DeliveryGit = (args: readonly string[], env?: Record<string, string>) => Promise<string>;

export function deliveryGit(o: DeliveryGitOptions): DeliveryGit {
  const base = buildGitEnv({
    emptyHooksDir: o.hooksDir,
    ...(o.token === undefined ? {} : { token: o.token }),
    // Tests and local mirrors use file:// remotes; git still refuses file:// for submodules.
    allowFileProtocol: true,
  });
  const secrets = o.token === undefined ? [] : [o.token];
  return async (args, env = {}) => {
    const result = await execa("git", [...args], {
      cwd: o.dir,
      env: { ...base, ...env },
      extendEnv: false,
      reject: false,
      stdin: "ignore",
      timeout: 300_000,
      killSignal: "SIGKILL",
      maxBuffer: 64 * 1024 * 1024,
    });
    if (result.exitCode === 0 && !result.timedOut) return result.stdout;
    const detail = redactText(result.stderr || result.stdout || String(result.shortMessage), secrets);
    const what = result.timedOut ? "timed out" : `failed (exit ${result.exitCode ?? "signal"})`;
    const verb = args.find((a, i) => !a.startsWith("-") && args[i - 1] !== "-c") ?? "";
    throw new GitCommandError(`git ${verb} ${what}: ${detail.trim().slice(-2000)}`);
  };
}

/** A git query whose non-zero exit is an answer (e.g. `merge-base --is-ancestor`), not a failure. */
export async function gitSucceeds(git: DeliveryGit, args: readonly string[]): Promise<boolean> {
  try {
    await git(args);
    return true;
  } catch (err) {
    if (err instanceof GitCommandError) return false;
    throw err;
  }
}
