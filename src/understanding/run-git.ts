// Runs one git command in a directory and returns its stdout as a Buffer (paths come NUL-separated).
import { execFile } from "node:child_process";
import { isAbsolute, join } from "node:path";

export function runGit(cwd: string, args: readonly string[], input?: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      "git",
      ["-c", "core.quotepath=off", ...args],
      { cwd, encoding: "buffer", maxBuffer: 1024 * 1024 * 1024 },
      (err, stdout, stderr) => {
        if (err) {
          const detail = stderr.toString("utf8").trim();
          reject(
            new Error(`git ${args.join(" ")} failed in ${cwd}: ${detail || err.message}`, { cause: err }),
          );
        } else {
          resolve(stdout);
        }
      },
    );
    if (input !== undefined) child.stdin?.end(input);
  });
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
