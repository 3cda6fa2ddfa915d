// What a module hands out under a name when it does not define it: its re-exports (a hub's
// `exports.isPromise = require('./isPromise')`, `export { default as x } from './x'`, `export *`, a
// Python package's `from .core import from_dict`),
// followed a few modules deep to the symbol that runs; and what runs for a declaration file's symbol.
// Built per assembly from every file's imports.
import type { CodeSymbol, ImportRef } from "./code-index.ts";
import type { SymbolTables } from "./symbol-tables.ts";

export interface ModuleExports {
  /** The top-level symbol `file` hands out as `name` ("default": what `require()` of it returns). */
  symbol(file: string, name: string): CodeSymbol | undefined;
  /**
   * What runs for a symbol: a declaration file never runs, so `lib/index.d.ts`'s `isPromise` (a JS
   * package shipping its own types) is what `lib/index.js` hands out under that name, when it does.
   */
  implementation(symbol: CodeSymbol): CodeSymbol;
  /** Every re-export, as text: when it changes, every call is resolved again. */
  key: string;
  /** Files some module re-exports: a change to one can move calls made through a hub. */
  targets: ReadonlySet<string>;
  /** Every name a module hands on by name (`x` of `exports.x = require()`). */
  names: ReadonlySet<string>;
}

interface Target {
  file: string;
  imported: string;
}

const DECLARATION_FILE = /\.d\.([cm]?)ts$/;

/** Hubs of hubs (`index.js` -> `lib/index.js` -> `lib/x.js`) end well within this. */
const maxDepth = 4;

export function createModuleExports(
  imports: Iterable<readonly ImportRef[]>,
  tables: SymbolTables,
): ModuleExports {
  const named = new Map<string, Map<string, Target[]>>();
  const stars = new Map<string, string[]>();
  const lines: string[] = [];
  const targets = new Set<string>();
  const names = new Set<string>();
  for (const refs of imports)
    for (const ref of refs) {
      if (!ref.reexports || !ref.resolved || ref.resolved === ref.file) continue;
      targets.add(ref.resolved);
      for (const r of ref.reexports) {
        lines.push(`${ref.file}>${r.exported}=${ref.resolved}:${r.imported}`);
        if (r.exported === "*") {
          stars.set(ref.file, [...(stars.get(ref.file) ?? []), ref.resolved]);
          continue;
        }
        names.add(r.exported);
        const byName = named.get(ref.file) ?? new Map<string, Target[]>();
        byName.set(r.exported, [
          ...(byName.get(r.exported) ?? []),
          { file: ref.resolved, imported: r.imported },
        ]);
        named.set(ref.file, byName);
      }
    }
  const topLevel = (file: string, name: string) => tables.inFile(file, name).find((c) => c.parent === null);
  // `seen`: the shallowest depth each file's name was already looked for in this lookup. Modules that
  // `export *` from each other (a cycle of barrels, or a PR's hostile one) would otherwise be walked
  // once per path, fan-out to the power maxDepth per call site; a name looked for at that depth or
  // shallower has nothing new to give.
  const symbol = (
    file: string,
    name: string,
    depth: number,
    seen: Map<string, number>,
  ): CodeSymbol | undefined => {
    const at = `${file}\0${name}`;
    if ((seen.get(at) ?? Infinity) <= depth) return undefined;
    seen.set(at, depth);
    const own = topLevel(file, name);
    if (own || depth >= maxDepth) return own;
    for (const t of named.get(file)?.get(name) ?? []) {
      const hit =
        t.imported === "*" || t.imported === "default"
          ? moduleValue(t.file, name, depth + 1, seen)
          : symbol(t.file, t.imported, depth + 1, seen);
      if (hit) return hit;
    }
    for (const from of stars.get(file) ?? []) {
      const hit = symbol(from, name, depth + 1, seen);
      if (hit) return hit;
    }
    return undefined;
  };
  // What `require()` of a module returns (its `module.exports = function`), else, for
  // `exports.AssertError = require('./assertError')`, the module's exported top-level `AssertError`.
  const moduleValue = (file: string, key: string, depth: number, seen: Map<string, number>) =>
    symbol(file, "default", depth, seen) ??
    tables.inFile(file, key).find((c) => c.parent === null && c.exported);
  const implementation = (hit: CodeSymbol): CodeSymbol => {
    const m = DECLARATION_FILE.exec(hit.file);
    if (!m) return hit;
    const stem = hit.file.slice(0, m.index);
    for (const ext of m[1] ? [`.${m[1]}js`] : [".js", ".mjs", ".cjs", ".jsx"]) {
      const file = stem + ext;
      const same =
        tables.qualified(hit.qualifiedName).find((c) => c.file === file) ??
        (hit.parent === null ? symbol(file, hit.name, 0, new Map()) : undefined);
      if (same) return same;
    }
    return hit;
  };
  return {
    symbol: (file, name) => symbol(file, name, 0, new Map()),
    implementation,
    key: lines.join("\n"),
    targets,
    names,
  };
}

/** A module that re-exports nothing. */
export const noModuleExports: ModuleExports = {
  symbol: () => undefined,
  implementation: (symbol) => symbol,
  key: "",
  targets: new Set(),
  names: new Set(),
};
