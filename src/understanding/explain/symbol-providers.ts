// Under which local names each file can reach one symbol: its own file by its name, then every
// file that imports it (`from ._parser import loads`, `import { a as b }`), and files that
// re-export it onward (`export { a } from "./x"`, a package `__init__.py`), a few hops deep. A use
// counts as a reference only through one of these bindings, so a same-named function of another
// module (`rtoml.loads`) is never taken for the project's `loads`.
import { posix } from "node:path";
import type { CodeIndex, CodeSymbol, ImportRef } from "../index/code-index.ts";
import type { ModuleShapes } from "./module-shapes.ts";

export interface Providers {
  /** file -> local names that denote the symbol in that file. */
  names: Map<string, Set<string>>;
  /** file -> local names that denote a module whose member is the symbol (`import tomli`). */
  modules: Map<string, Set<string>>;
  /** file -> the name the file hands the symbol out under (its own file, importers that pass it
   * on): `qs.parse` reaches lib/parse.js's `module.exports = function` through index.js's `parse`. */
  exports: Map<string, string>;
}

const maxHops = 4;

export function symbolProviders(
  index: CodeIndex,
  symbol: CodeSymbol,
  shapes: ModuleShapes | null = null,
): Providers {
  const exporters = new Map<string, string>([[symbol.file, exportedName(shapes, symbol.file, symbol.name)]]);
  const names = new Map<string, Set<string>>([[symbol.file, new Set([symbol.name])]]);
  const modules = new Map<string, Set<string>>();
  let frontier = new Map(exporters);
  for (let hop = 0; hop < maxHops && frontier.size > 0; hop++) {
    const next = new Map<string, string>();
    for (const ref of index.imports) {
      if (!ref.resolved) continue;
      for (const b of ref.bindings ?? bindingsOf(ref)) {
        const exported = frontier.get(ref.resolved);
        // `const Range = require("./range")` where range.js ends `module.exports = Range`.
        const whole =
          exported !== undefined &&
          (b.imported === "*" || b.imported === "default") &&
          shapes?.shapeOf(ref.resolved).whole === exported;
        if (
          exported !== undefined &&
          (b.imported === exported || (b.imported === "default" && isDefault(symbol)) || whole)
        ) {
          add(names, ref.file, b.local);
          if (!exporters.has(ref.file)) next.set(ref.file, exportedName(shapes, ref.file, b.local));
        } else if (exported !== undefined && (b.imported === "*" || b.imported === "default"))
          // A default import of a CommonJS module is its `module.exports` object: `sjson.parse`.
          add(modules, ref.file, b.local);
        else if (namesModule(ref.resolved, b.imported, frontier)) add(modules, ref.file, b.local);
        // `from . import tomllib` where that package did `import tomli as tomllib`.
        else if (modules.get(ref.resolved)?.has(b.imported)) add(modules, ref.file, b.local);
      }
      const passed = frontier.get(ref.resolved);
      const handed =
        passed === undefined || exporters.has(ref.file) ? null : handedOnAs(ref, passed, symbol, shapes);
      if (handed !== null) next.set(ref.file, handed);
    }
    for (const [file, name] of next) exporters.set(file, name);
    frontier = next;
  }
  return { names, modules, exports: exporters };
}

/** The name a file hands `local` out under: the key of `module.exports = { key: local }` or
 * `exports.key = local` (qs's `index.js` hands its `parse` binding out as `qs.parse`), else the name. */
function exportedName(shapes: ModuleShapes | null, file: string, local: string): string {
  if (!shapes) return local;
  const { members } = shapes.shapeOf(file);
  if (members.get(local) === local) return local;
  for (const [key, value] of members) if (value === local) return key;
  return local;
}

/**
 * The name the importing file hands on, of what the module it imports exports as `exported` (the
 * index's re-exports): `export { a as b } from "./x"` -> `b`; `export * from "./x"`, `module.exports =
 * require("./x")` -> `exported`; a hub's `exports.isPromise = require("./isPromise")`, where
 * isPromise.js is `module.exports = function`, -> `isPromise`. Null when it hands it on under none.
 */
function handedOnAs(
  ref: ImportRef,
  exported: string,
  symbol: CodeSymbol,
  shapes: ModuleShapes | null,
): string | null {
  const moduleValue =
    shapes?.shapeOf(ref.resolved ?? "").whole === exported ||
    (ref.resolved === symbol.file && isDefault(symbol));
  for (const r of ref.reexports ?? []) {
    if (r.exported === "*") return exported;
    if (r.imported === exported || ((r.imported === "*" || r.imported === "default") && moduleValue))
      return r.exported;
  }
  return null;
}

/** `from pkg import mod` resolves to the package; `mod` is then the module that holds the symbol. */
function namesModule(resolved: string, imported: string, frontier: ReadonlyMap<string, string>): boolean {
  if (!resolved.endsWith("__init__.py")) return false;
  const dir = posix.dirname(resolved);
  return (
    frontier.has(posix.join(dir, `${imported}.py`)) || frontier.has(posix.join(dir, imported, "__init__.py"))
  );
}

function bindingsOf(ref: ImportRef): { local: string; imported: string }[] {
  return ref.names.map((n) => ({ local: n, imported: n }));
}

function isDefault(symbol: CodeSymbol): boolean {
  return (
    symbol.exported &&
    symbol.parent === null &&
    /\bexport\s+default\b|^module\.exports/.test(symbol.signature)
  );
}

function add(map: Map<string, Set<string>>, key: string, value: string): void {
  const set = map.get(key);
  if (set) set.add(value);
  else map.set(key, new Set([value]));
}
