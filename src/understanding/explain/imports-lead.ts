// What a module a call goes through can hand on: the files it imports, directly or through modules
// they import. Python adds one way in: `from pkg import helpers` binds the submodule
// `pkg/helpers.py` whether or not `pkg/__init__.py` imports it, and the import records only the
// package, so a call `helpers.run()` goes through the submodule, not the package's import chain.
import { posix } from "node:path";

/** Repository file -> the repository files it imports. */
export type ImportsOf = ReadonlyMap<string, ReadonlySet<string>>;

/** Whether a module can pass on what `to` defines: it imports `to`, directly or through modules it
 * imports (a package `__init__` importing a submodule, an index requiring lib files). A file outside
 * that chain (an example script's own `isMatch`) is not what a call through the module means. */
export function importsLead(importsOf: ImportsOf, from: string, to: string): boolean {
  const seen = new Set([from]);
  let frontier = [from];
  while (frontier.length > 0) {
    const next: string[] = [];
    for (const file of frontier)
      for (const imported of importsOf.get(file) ?? []) {
        if (imported === to) return true;
        if (!seen.has(imported)) {
          seen.add(imported);
          next.push(imported);
        }
      }
    frontier = next;
  }
  return false;
}

/** The module a name imported from `resolved` stands for: the Python submodule `name` when
 * `resolved` is a package's `__init__.py` holding one, else `resolved` itself. */
export function moduleImported(resolved: string, name: string, files: ReadonlySet<string>): string {
  if (posix.basename(resolved) !== "__init__.py" || name.includes(".")) return resolved;
  const dir = posix.dirname(resolved);
  const prefix = dir === "." ? "" : `${dir}/`;
  for (const candidate of [`${prefix}${name}.py`, `${prefix}${name}/__init__.py`])
    if (files.has(candidate)) return candidate;
  return resolved;
}
