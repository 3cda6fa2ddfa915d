import { describe, expect, it } from "vitest";
import type { CodeSymbol, ImportRef } from "../../../src/understanding/index/code-index.ts";
import { createModuleExports } from "../../../src/understanding/index/module-exports.ts";
import { createSymbolTables, type SymbolTables } from "../../../src/understanding/index/symbol-tables.ts";

const star = (file: string, resolved: string): ImportRef => ({
  file,
  source: `./${resolved}`,
  resolved,
  names: [],
  line: 1,
  reexports: [{ exported: "*", imported: "*" }],
});

const fn = (file: string, name: string): CodeSymbol => ({
  id: `${file}#${name}@1`,
  name,
  qualifiedName: name,
  kind: "function",
  file,
  startLine: 1,
  endLine: 1,
  signature: `export function ${name}() {}`,
  doc: null,
  exported: true,
  parent: null,
});

/** The tables, counting every per-file lookup the re-export walk makes. */
function countingTables(symbols: CodeSymbol[]): { tables: SymbolTables; lookups: () => number } {
  const tables = createSymbolTables();
  tables.add(symbols);
  let count = 0;
  const counted: SymbolTables = {
    ...tables,
    inFile: (file, name) => {
      count++;
      return tables.inFile(file, name);
    },
  };
  return { tables: counted, lookups: () => count };
}

describe("re-exports that form cycles", () => {
  // Twelve barrels, each `export * from` every other: a name none defines was walked once per path
  // (11^4 ≈ 15,000 lookups per call site, minutes of indexing for a few dozen such files).
  it("looks each module up a bounded number of times for a name no module defines", () => {
    const files = Array.from({ length: 12 }, (_, i) => `src/m${i}.ts`);
    const imports = files.map((f) => files.filter((g) => g !== f).map((g) => star(f, g)));
    const { tables, lookups } = countingTables([]);
    const exports = createModuleExports(imports, tables);
    expect(exports.symbol("src/m0.ts", "missing")).toBeUndefined();
    expect(lookups()).toBeLessThanOrEqual(files.length * 5);
  });

  // c0 -> c1 -> c2 -> c3 -> c4 (defines `deep`) -> c5 (defines `deeper`), every one also re-exporting
  // c0: the shortest path is still followed to its end, and no further than before.
  it("still finds a name at the walk's depth through a cycle, and none beyond it", () => {
    const files = Array.from({ length: 6 }, (_, i) => `src/c${i}.ts`);
    const imports = files.map((f, i) => [
      star(f, "src/c0.ts"),
      ...(i + 1 < files.length ? [star(f, files[i + 1]!)] : []),
    ]);
    const { tables } = countingTables([fn("src/c4.ts", "deep"), fn("src/c5.ts", "deeper")]);
    const exports = createModuleExports(imports, tables);
    expect(exports.symbol("src/c0.ts", "deep")?.file).toBe("src/c4.ts");
    expect(exports.symbol("src/c1.ts", "deeper")?.file).toBe("src/c5.ts");
    expect(exports.symbol("src/c0.ts", "deeper")).toBeUndefined();
  });
});
