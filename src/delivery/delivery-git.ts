// git for delivery: the one hardened runner (workspace/run-git.ts: no hooks, no ambient config, the
// token only as an http.extraHeader in GIT_CONFIG_* variables, never in argv, a URL or .git/config),
// bound to one directory. Output in errors is redacted, the token included.
import { GitCommandError, runGit } from "../workspace/git/run-git.ts";

export interface DeliveryGitOptions {
  dir: string;
  /** An empty directory used as core.hooksPath, so no repository hook ever runs. */
  hooksDir: string;
  /** Installation token for https remotes. */
  token?: string;
  /** Set by a caller whose remote is a file:// URL (a local mirror); git still refuses it for submodules. */
  allowFileProtocol?: boolean;
}

/** Runs git in the bound directory; `env` adds variables such as GIT_AUTHOR_DATE for one call. */
export type DeliveryGit = (args: readonly string[], env?: Record<string, string>) => Promise<string>;

export function deliveryGit(o: DeliveryGitOptions): DeliveryGit {
  const options = {
    cwd: o.dir,
    emptyHooksDir: o.hooksDir,
    ...(o.token === undefined ? {} : { token: o.token }),
    allowFileProtocol: o.allowFileProtocol ?? false,
  };
  return (args, env = {}) => runGit(args, { ...options, env });
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
