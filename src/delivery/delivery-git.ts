// git for delivery: the workspace's hardened runner (no hooks, no ambient config, token only as an
// http.extraHeader in the environment, output redacted) bound to one directory and one token.
import { runGit } from "../workspace/run-git.ts";

export interface DeliveryGitOptions {
  dir: string;
  /** An empty directory used as core.hooksPath, so no repository hook ever runs. */
  hooksDir: string;
  /** Installation token for https remotes; never written to .git/config, argv or a URL. */
  token?: string;
}

export type DeliveryGit = (args: readonly string[]) => Promise<string>;

export function deliveryGit(o: DeliveryGitOptions): DeliveryGit {
  return (args) =>
    runGit(args, {
      cwd: o.dir,
      emptyHooksDir: o.hooksDir,
      ...(o.token === undefined ? {} : { token: o.token }),
      // Tests and local mirrors use file:// remotes; git still refuses file:// for submodules.
      allowFileProtocol: true,
    });
}

/** Like a call to git, but a non-zero exit is a result (e.g. `merge-base --is-ancestor`). */
export async function gitSucceeds(git: DeliveryGit, args: readonly string[]): Promise<boolean> {
  try {
    await git(args);
    return true;
  } catch (err) {
    if (err instanceof Error && "code" in err && err.code === "git_failed") return false;
    throw err;
  }
}
