// Resolves each class's written bases (`A`, `mod.A`) to repository classes, the way a call to that
// name from the class's file would resolve: through its imports, its own file, then a unique name.
// A base from outside the repository (`Error`, `dict`, `Generic`) resolves to nothing and is dropped.
import type { CodeSymbol } from "./code-index.ts";
import type { FileRecord } from "./file-record.ts";
import type { ModuleExports } from "./module-exports.ts";
import { isClassLike, resolveCall, type BasesOf } from "./resolve-calls.ts";
import type { SymbolTables } from "./symbol-tables.ts";

export interface ClassInheritance {
  basesOf: BasesOf;
  /** Every resolved class → bases pair, so a build can tell whether inheritance changed. */
  key: string;
}

export function resolveClassBases(
  records: Iterable<FileRecord>,
  tables: SymbolTables,
  exports: ModuleExports,
): ClassInheritance {
  const byClass = new Map<string, CodeSymbol[]>();
  const lines: string[] = [];
  for (const record of records) {
    for (const cls of record.symbols) {
      if (!cls.bases) continue;
      const resolved: CodeSymbol[] = [];
      for (const base of cls.bases) {
        const site = { file: cls.file, calleeName: base, caller: null, bindings: record.bindings };
        const hit = resolveCall(site, tables, undefined, exports);
        if (hit && hit.id !== cls.id && isClassLike(hit)) resolved.push(hit);
      }
      if (resolved.length === 0) continue;
      byClass.set(cls.id, resolved);
      lines.push(`${cls.id}>${resolved.map((b) => b.id).join(",")}`);
    }
  }
  return { basesOf: (cls) => byClass.get(cls.id) ?? [], key: lines.join("\n") };
}
