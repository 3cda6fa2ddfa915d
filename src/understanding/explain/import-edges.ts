// The repository's imports as the tests-that-reach walk follows them: what each file imports, who
// imports each file, which names test files import, and which test files are helpers other tests
// import rather than tests of their own.
import type { CodeIndex } from "../index/code-index.ts";
import { filesImportLoads } from "../index/import-loads.ts";
import type { IncomingEdges } from "./incoming-edge-types.ts";

export interface ImportEdges extends Pick<
  IncomingEdges,
  "importedByTests" | "importsOf" | "importers" | "testHelpers"
> {
  /** file\0local name -> the name in the module it is imported from (`from pkg import helpers as h`). */
  importedName: Map<string, string>;
}

export function importEdges(index: CodeIndex, testFile: ReadonlySet<string>): ImportEdges {
  const paths = new Set(index.files.map((f) => f.path));
  const testHelpers = new Set<string>();
  const importsOf = new Map<string, Set<string>>();
  const importedByTests: IncomingEdges["importedByTests"] = new Map();
  const importers: IncomingEdges["importers"] = new Map();
  const importedName = new Map<string, string>();
  for (const ref of index.imports) {
    if (!ref.resolved) continue;
    for (const b of ref.bindings ?? []) importedName.set(`${ref.file}\0${b.local}`, b.imported);
    if (testFile.has(ref.file))
      for (const b of ref.bindings ?? [])
        if (b.imported !== "*" && b.imported !== "default")
          push(importedByTests, b.imported, {
            from: null,
            file: ref.file,
            line: ref.line,
            resolved: ref.resolved,
          });
    importsOf.set(ref.file, (importsOf.get(ref.file) ?? new Set()).add(ref.resolved));
    for (const loaded of filesImportLoads(ref, paths))
      push(importers, loaded, { from: null, file: ref.file, line: ref.line });
    if (ref.resolved !== ref.file && testFile.has(ref.file) && testFile.has(ref.resolved))
      testHelpers.add(ref.resolved);
  }
  return { importedByTests, importsOf, importers, testHelpers, importedName };
}

function push<T>(map: Map<string, T[]>, key: string, item: T): void {
  const list = map.get(key);
  if (list) list.push(item);
  else map.set(key, [item]);
}
