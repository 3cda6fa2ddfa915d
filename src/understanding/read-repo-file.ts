// The index's one way to read a repository file's bytes: confined by real path at use time, so a
// link planted by PR code (to /proc/self/environ, /etc/passwd, or into .git) reads as absent and
// its target never reaches the index, a brief or a prompt.
import { readWorkspaceFile } from "../workspace/read-workspace-file.ts";
import { WorkspacePathError } from "../workspace/workspace-path-error.ts";

/** The bytes of a regular file inside the repository, or null (absent, refused, not a file, too big). */
export function readRepoFile(root: string, path: string, maxBytes?: number): Buffer | null {
  try {
    const file = readWorkspaceFile(root, path, { maxBytes });
    return file.kind === "file" ? file.bytes : null;
  } catch (err) {
    if (err instanceof WorkspacePathError) return null;
    if (err instanceof Error && "code" in err && (err.code === "EACCES" || err.code === "EPERM")) return null;
    throw err;
  }
}
