// Reads one workspace file on the host, confined by real path at use time: the path is resolved
// (symlinks inside the repository may be followed; out of it or into .git never), the last component
// is opened with O_NOFOLLOW, and the opened descriptor is checked again, so a link planted by PR code
// (`src/a.js -> /proc/self/environ`) is refused rather than read into a prompt.
import { closeSync, constants, fstatSync, openSync, readFileSync, realpathSync } from "node:fs";
import { confineRealPath } from "./confine-real-path.ts";
import { openedPath } from "./opened-path.ts";
import { resolveWorkspacePath } from "./resolve-workspace-path.ts";
import { WorkspacePathError } from "./workspace-path-error.ts";

export type WorkspaceFile =
  | { kind: "file"; bytes: Buffer }
  | { kind: "missing" }
  | { kind: "directory" }
  /** A FIFO, socket or device: never read (it could block or have side effects). */
  | { kind: "special" }
  | { kind: "too_large"; size: number };

// O_NONBLOCK: opening a FIFO for reading must not wait for a writer.
const readFlags = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK | constants.O_NOCTTY;

/** Throws WorkspacePathError when `requested` leaves the workspace or is inside a .git directory. */
export function readWorkspaceFile(
  root: string,
  requested: string,
  { maxBytes = Number.POSITIVE_INFINITY }: { maxBytes?: number } = {},
): WorkspaceFile {
  const real = resolveWorkspacePath(root, requested);
  let fd: number;
  try {
    fd = openSync(real, readFlags);
  } catch (err) {
    const code = err instanceof Error && "code" in err ? err.code : undefined;
    if (code === "ENOENT" || code === "ENOTDIR") return { kind: "missing" };
    if (code === "ELOOP")
      throw new WorkspacePathError(requested, "was replaced by a symlink while it was being opened");
    throw err;
  }
  try {
    const info = fstatSync(fd);
    if (info.isDirectory()) return { kind: "directory" };
    if (!info.isFile()) return { kind: "special" };
    const reached = openedPath(fd);
    if (reached !== null) confineRealPath(realpathSync(root), reached, requested);
    if (info.size > maxBytes) return { kind: "too_large", size: info.size };
    const bytes = readFileSync(fd);
    return bytes.length > maxBytes ? { kind: "too_large", size: bytes.length } : { kind: "file", bytes };
  } finally {
    closeSync(fd);
  }
}
