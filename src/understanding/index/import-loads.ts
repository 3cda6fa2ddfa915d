// The repository files an import loads, which for Python is more than the file it resolves to:
// `import pkg.sub.mod` runs `pkg/__init__.py` and `pkg/sub/__init__.py` first, and `from pkg import
// sub` (`from . import sub` in a package's `__init__.py`) loads the submodule `pkg/sub.py`, while the
// import records only the package. An import under `if TYPE_CHECKING:` loads nothing.
import { posix } from "node:path";
import type { ImportRef } from "./code-index.ts";

/** The files loading the import runs, the importing file itself left out. */
export function filesImportLoads(ref: ImportRef, files: ReadonlySet<string>): string[] {
  if (!ref.resolved || ref.typeOnly) return [];
  const loaded = new Set([ref.resolved]);
  if (ref.file.endsWith(".py") && ref.resolved.endsWith(".py")) {
    for (const pkg of enclosingPackages(ref.resolved, files)) loaded.add(pkg);
    for (const b of ref.bindings ?? []) {
      const sub = submodule(ref.resolved, b.imported, files);
      if (sub) loaded.add(sub);
    }
  }
  loaded.delete(ref.file);
  return [...loaded];
}

/** The `__init__.py` of each package around a module, innermost first, while there is one. */
function enclosingPackages(module: string, files: ReadonlySet<string>): string[] {
  const out: string[] = [];
  let dir = posix.dirname(module);
  if (posix.basename(module) === "__init__.py") dir = posix.dirname(dir);
  while (dir !== "." && files.has(`${dir}/__init__.py`)) {
    out.push(`${dir}/__init__.py`);
    dir = posix.dirname(dir);
  }
  return out;
}

/** The submodule `name` of the package whose `__init__.py` the import resolved to, if it has one. */
function submodule(resolved: string, name: string, files: ReadonlySet<string>): string | null {
  if (posix.basename(resolved) !== "__init__.py" || name === "*" || name.includes(".")) return null;
  const dir = posix.dirname(resolved);
  const prefix = dir === "." ? "" : `${dir}/`;
  return [`${prefix}${name}.py`, `${prefix}${name}/__init__.py`].find((f) => files.has(f)) ?? null;
}
