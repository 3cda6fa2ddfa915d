// Confines a path to the workspace: every existing component is resolved with realpath, so a
// symlink that leaves the root (`out -> /etc`, `.git -> ../other-job`) or that dangles is refused.
// Components that do not exist yet (a file the agent is about to create) are appended as-is.
// The result is refused when it lies in a `.git` directory by its real path (`g -> .git`, `g/config`).
import { lstatSync, realpathSync, type Stats } from "node:fs";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import { confineRealPath } from "./confine-real-path.ts";
import { WorkspacePathError } from "./workspace-path-error.ts";

/**
 * Returns the real absolute path of `requested` (relative to `root`, or absolute inside it).
 * Throws WorkspacePathError (code `path_outside_workspace`) when it would leave the workspace or
 * land in a `.git` directory.
 */
export function resolveWorkspacePath(root: string, requested: string): string {
  const rootReal = realpathSync(root);
  const real = resolveInside(rootReal, requested);
  confineRealPath(rootReal, real, requested);
  return real;
}

function resolveInside(rootReal: string, requested: string): string {
  if (requested.includes("\0")) throw new WorkspacePathError(requested, "contains a NUL byte");
  const lexical = resolve(rootReal, requested);
  if (!isInside(rootReal, lexical)) throw new WorkspacePathError(requested, "is outside the workspace");
  const segments = relative(rootReal, lexical)
    .split(sep)
    .filter((s) => s !== "");
  let current = rootReal;
  for (const [index, segment] of segments.entries()) {
    const next = join(current, segment);
    const stat = lstatOrNull(next);
    if (stat === null) return join(next, ...segments.slice(index + 1));
    if (!stat.isSymbolicLink()) {
      current = next;
      continue;
    }
    const target = realpathOrNull(next);
    if (target === null) throw new WorkspacePathError(requested, "goes through a dangling symlink");
    if (!isInside(rootReal, target))
      throw new WorkspacePathError(requested, "goes through a symlink that leaves the workspace");
    current = target;
  }
  return current;
}

function isInside(root: string, candidate: string): boolean {
  const rel = relative(root, candidate);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel));
}

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch (err) {
    if (isNotFound(err)) return null;
    throw err;
  }
}

function realpathOrNull(path: string): string | null {
  try {
    return realpathSync(path);
  } catch (err) {
    if (isNotFound(err) || (err instanceof Error && "code" in err && err.code === "ELOOP")) return null;
    throw err;
  }
}

function isNotFound(err: unknown): boolean {
  return err instanceof Error && "code" in err && (err.code === "ENOENT" || err.code === "ENOTDIR");
}
