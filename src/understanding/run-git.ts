// Runs one git command in a directory and returns its stdout as a Buffer (paths come NUL-separated).
import { execFile } from "node:child_process";

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

export async function isGitWorkTree(dir: string): Promise<boolean> {
  try {
    return (await runGit(dir, ["rev-parse", "--is-inside-work-tree"])).toString("utf8").trim() === "true";
  } catch {
    // Not a repository (or git is missing): the caller walks the directory instead.
    return false;
  }
}
