// Names a file binds to code outside the project: `import test from "node:test"`, `import numpy as
// np`, `const assert = require("assert")`. A call through such a name (`test(...)`, `np.array`,
// `assert.equal`) runs that module, never a project symbol that happens to share its name.
import type { CodeIndex, ImportRef } from "./code-index.ts";

/** file -> the local names its imports bind to modules outside the project and to nothing inside it. */
export function outsideBindings(index: Pick<CodeIndex, "imports" | "files">): Map<string, Set<string>> {
  const parts = projectParts(index.files.map((f) => f.path));
  const outside = new Map<string, Set<string>>();
  const inside = new Map<string, Set<string>>();
  for (const ref of index.imports) {
    const into = isOutsideModule(ref, parts) ? outside : inside;
    const names = into.get(ref.file) ?? new Set<string>();
    for (const b of ref.bindings ?? ref.names.map((n) => ({ local: n }))) names.add(b.local);
    into.set(ref.file, names);
  }
  // A name the file also binds to project code (in another scope) may mean either: keep it.
  for (const [file, names] of outside) for (const n of inside.get(file) ?? []) names.delete(n);
  return outside;
}

/**
 * An import that did not resolve and cannot be project code under another name: not relative, not
 * an alias (`@/x`, `~/x`, `#x`, `$lib`), and its package names no folder or file of the project
 * (a workspace package, a build output, a source root the resolver missed stay project code).
 */
function isOutsideModule(ref: ImportRef, parts: ReadonlySet<string>): boolean {
  if (ref.resolved !== null) return false;
  if (!/^(@[A-Za-z0-9]|[A-Za-z_])/.test(ref.source)) return false;
  const [first = "", second = ""] = ref.source.split(/[/.]/);
  const names = first.startsWith("@") ? [second, first.slice(1) + second] : [first];
  return !names.some((n) => parts.has(normalise(n)));
}

/** Every folder name and file stem in the project, normalised: where project code may be named from. */
function projectParts(paths: readonly string[]): Set<string> {
  const parts = new Set<string>();
  for (const path of paths) {
    const segments = path.split("/");
    const file = segments.pop() ?? "";
    for (const s of segments) parts.add(normalise(s));
    parts.add(normalise(file.replace(/\..*$/, "")));
  }
  return parts;
}

function normalise(name: string): string {
  return name.toLowerCase().replace(/[-_.]/g, "");
}
