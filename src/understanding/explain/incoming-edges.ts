// The call graph turned around for the tests-that-reach walk: per symbol, the edges into it that the
// index resolved, and beside them the calls and imports it left open that can still mean a symbol
// (by called name, by member name, through an imported module), the class hierarchy and the imports.
import type { CodeIndex } from "../index/code-index.ts";
import type { IncomingEdges } from "./incoming-edge-types.ts";
import { callEdges } from "./call-edges.ts";
import { classEdges } from "./class-edges.ts";
import { classMethods } from "./class-methods.ts";
import { importEdges } from "./import-edges.ts";
import { unconventionalTestFiles } from "./unconventional-test-files.ts";

export type { Edge, IncomingEdges } from "./incoming-edge-types.ts";

export function incomingEdges(index: CodeIndex): IncomingEdges {
  const methodCount = new Map<string, number>();
  for (const symbol of index.symbols)
    if (symbol.kind === "method") methodCount.set(symbol.name, (methodCount.get(symbol.name) ?? 0) + 1);
  const testFile = new Set(index.files.filter((f) => f.isTest).map((f) => f.path));
  const { importedName, ...imports } = importEdges(index, testFile);
  // Helpers are no candidates for tests, nor counted against the folder's naming.
  const notLoadedAsTests = unconventionalTestFiles([...testFile].filter((p) => !imports.testHelpers.has(p)));
  const classes = classMethods(index);
  return {
    ...callEdges(index, testFile, { importedName, importsOf: imports.importsOf }, classes),
    methodCount,
    notLoadedAsTests,
    ...imports,
    ...classEdges(index, classes),
    scriptOnly: new Set(index.calls.filter((c) => c.scriptOnly).map((c) => `${c.file}:${c.line}`)),
  };
}
