// The one containment rule for a resolved real path: inside the workspace's real root and not in a
// `.git` directory (the root's or a nested one), whatever name or symlink led there. git internals
// are refused because a written config, hook or attributes file runs code on the host's next git call.
import { isAbsolute, relative, sep } from "node:path";
import { WorkspacePathError } from "./workspace-path-error.ts";

/** Throws WorkspacePathError when `real` (already resolved) is outside `rootReal` or inside a .git. */
export function confineRealPath(rootReal: string, real: string, requested: string): void {
  const rel = relative(rootReal, real);
  if (rel === "..") throw new WorkspacePathError(requested, "is outside the workspace");
  if (rel.startsWith(`..${sep}`) || isAbsolute(rel))
    throw new WorkspacePathError(requested, "resolves outside the workspace");
  // Case-insensitive: on a case-insensitive file system `.GIT/config` is `.git/config`.
  if (rel.split(sep).some((segment) => segment.toLowerCase() === ".git"))
    throw new WorkspacePathError(
      requested,
      "is inside .git (by its real path); tools never read or write git internals",
    );
}
