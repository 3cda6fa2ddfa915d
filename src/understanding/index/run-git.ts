// Runs one git command in a directory through the hardened runner (workspace/run-git.ts) and returns
// its stdout as a Buffer (paths come NUL-separated). The index reads PR checkouts: no host config,
// hook, fsmonitor or diff driver may run while it does.
import { isAbsolute, join } from "node:path";
import { runGitBytes } from "../../workspace/git/run-git.ts";

export function runGit(cwd: string, args: readonly string[]): Promise<Buffer> {
  return runGitBytes(["-c", "core.quotepath=off", ...args], { cwd, allowFileProtocol: false });
}

/** The absolute path of the git index of the work tree containing `dir`, or null outside git. */
export async function gitIndexPathOf(dir: string): Promise<string | null> {
  try {
    const out = (await runGit(dir, ["rev-parse", "--is-inside-work-tree", "--git-path", "index"])).toString(
      "utf8",
    );
    const [inside, indexPath] = out.trim().split("\n");
    if (inside !== "true" || !indexPath) return null;
    return isAbsolute(indexPath) ? indexPath : join(dir, indexPath);
  } catch {
    // Not a repository (or git is missing): the caller walks the directory instead.
    return null;
  }
}
