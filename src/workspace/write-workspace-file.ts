// Writes one workspace file on the host, confined by real path at use time: missing parents are
// created under the resolved real directory, the file is opened with O_NOFOLLOW (never through a
// link planted after the check), must be a regular file, and the opened descriptor is checked
// against the workspace and .git again before a byte is written.
import {
  closeSync,
  constants,
  fstatSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  realpathSync,
  writeSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import { confineRealPath } from "./confine-real-path.ts";
import { openedPath } from "./opened-path.ts";
import { resolveWorkspacePath } from "./resolve-workspace-path.ts";
import { WorkspacePathError } from "./workspace-path-error.ts";

// No O_TRUNC: the file is checked before it is emptied. O_NONBLOCK: a FIFO fails instead of waiting.
const writeFlags =
  constants.O_WRONLY | constants.O_CREAT | constants.O_NOFOLLOW | constants.O_NONBLOCK | constants.O_NOCTTY;

/** Throws WorkspacePathError when `requested` leaves the workspace, is in .git or is not a file. */
export function writeWorkspaceFile(root: string, requested: string, text: string): void {
  const rootReal = realpathSync(root);
  const real = resolveWorkspacePath(rootReal, requested);
  mkdirSync(dirname(real), { recursive: true });
  // The parents may have been created just now; resolve them again so a swapped one is caught.
  const target = join(realpathSync(dirname(real)), basename(real));
  confineRealPath(rootReal, target, requested);
  const fd = openForWrite(target, requested);
  try {
    if (!fstatSync(fd).isFile()) throw new WorkspacePathError(requested, "is not a regular file");
    const reached = openedPath(fd);
    if (reached !== null) confineRealPath(rootReal, reached, requested);
    ftruncateSync(fd, 0);
    const bytes = Buffer.from(text, "utf8");
    for (let written = 0; written < bytes.length;)
      written += writeSync(fd, bytes, written, bytes.length - written, written);
  } finally {
    closeSync(fd);
  }
}

function openForWrite(path: string, requested: string): number {
  try {
    return openSync(path, writeFlags, 0o666);
  } catch (err) {
    const code = err instanceof Error && "code" in err ? err.code : undefined;
    if (code === "ELOOP")
      throw new WorkspacePathError(requested, "was replaced by a symlink while it was being opened");
    if (code === "EISDIR") throw new WorkspacePathError(requested, "is a directory, not a file");
    if (code === "ENXIO") throw new WorkspacePathError(requested, "is a FIFO or socket, not a file");
    throw err;
  }
}
