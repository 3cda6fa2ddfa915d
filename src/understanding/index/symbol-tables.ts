// Lookup tables over every symbol of an index, updated file by file so that an incremental
// build does not rebuild them. Each lookup is a map hit: call resolution visits ~10^5 call sites.
import { posix } from "node:path";
import type { CodeSymbol } from "./code-index.ts";
import { isTestPath } from "./test-files.ts";

export interface SymbolTables {
  add(symbols: readonly CodeSymbol[]): void;
  remove(symbols: readonly CodeSymbol[]): void;
  byId(id: string): CodeSymbol | undefined;
  /** Callable symbols (functions, methods, classes, values) with this name. */
  named(name: string): readonly CodeSymbol[];
  /** The same, minus methods. */
  plainNamed(name: string): readonly CodeSymbol[];
  /** Methods with this name that are not an interface's (bodiless) declarations. */
  concreteMethodsNamed(name: string): readonly CodeSymbol[];
  methodsNamed(name: string): readonly CodeSymbol[];
  inFile(file: string, name: string): readonly CodeSymbol[];
  inDir(dir: string, name: string): readonly CodeSymbol[];
  qualified(qualifiedName: string): readonly CodeSymbol[];
}

const callable = new Set(["function", "method", "class", "constant", "variable"]);
const none: readonly CodeSymbol[] = [];
// `module.exports = function parse () {}`, also chained (`module.exports = internals.flatten = function`),
// and `export default function run () {}`: what a `require()` or a default import of the file returns.
const moduleExportSignature =
  /^(?:module\.exports\s*=\s*(?:[\w$.]+\s*=\s*)*(?:async\s+)?(?:function\b|\([^)]*\)\s*=>|[\w$]+\s*=>)|export\s+default\s+(?:async\s+)?(?:function|class)\b)/;
// `describe("Map", () => {...})`: a test block is named by its title, and nothing calls it by that
// name; a call `Map()` or `inspect()` beside it means the global or the imported function.
// `it.each(table)("adds $a", ...)` is one too; its signature (its first line) may end before the title.
const testBlockSignature =
  /^(?:[xf]?(?:describe|it|test|specify|context)|suite)(?:(?:\.\w+)*\s*\(\s*['"`]|\.each\b)/;

export function createSymbolTables(): SymbolTables {
  const byId = new Map<string, CodeSymbol>();
  const interfaces = new Set<string>();
  // file -> name and dir -> name, nested so no key string is built per symbol or per lookup.
  const byFile = new Map<string, Map<string, CodeSymbol[]>>();
  const byDir = new Map<string, Map<string, CodeSymbol[]>>();
  const inner = (outer: Map<string, Map<string, CodeSymbol[]>>, key: string) => {
    let m = outer.get(key);
    if (!m) {
      m = new Map();
      outer.set(key, m);
    }
    return m;
  };
  const maps = {
    named: new Map<string, CodeSymbol[]>(),
    plain: new Map<string, CodeSymbol[]>(),
    methods: new Map<string, CodeSymbol[]>(),
    concrete: new Map<string, CodeSymbol[]>(),
    qualified: new Map<string, CodeSymbol[]>(),
  };
  const push = (map: Map<string, CodeSymbol[]>, key: string, s: CodeSymbol) => {
    const list = map.get(key);
    if (list) list.push(s);
    else map.set(key, [s]);
  };
  const drop = (map: Map<string, CodeSymbol[]>, key: string, gone: ReadonlySet<CodeSymbol>) => {
    const list = map.get(key);
    if (!list) return;
    const kept = list.filter((x) => !gone.has(x));
    if (kept.length > 0) map.set(key, kept);
    else map.delete(key);
  };
  // Every map a symbol belongs to, with its key; `visit` is push or drop.
  const eachKey = (
    symbols: readonly CodeSymbol[],
    visit: (map: Map<string, CodeSymbol[]>, key: string, s: CodeSymbol) => void,
  ) => {
    let lastFile: string | null = null;
    let fileMap = new Map<string, CodeSymbol[]>();
    let dirMap = fileMap;
    for (const s of symbols) {
      if (!callable.has(s.kind) || isTestBlock(s)) continue;
      if (s.file !== lastFile) {
        lastFile = s.file;
        fileMap = inner(byFile, s.file);
        dirMap = inner(byDir, posix.dirname(s.file));
      }
      visit(maps.named, s.name, s);
      visit(fileMap, s.name, s);
      // `module.exports = function parse() {}` is also what `require()` of the file returns.
      if (s.name !== "default" && (s.defaultExport || moduleExportSignature.test(s.signature)))
        visit(fileMap, "default", s);
      visit(dirMap, s.name, s);
      visit(maps.qualified, s.qualifiedName, s);
      if (s.kind !== "method") visit(maps.plain, s.name, s);
      else {
        visit(maps.methods, s.name, s);
        if (!interfaces.has(s.parent ?? "")) visit(maps.concrete, s.name, s);
      }
    }
  };
  return {
    add(symbols) {
      for (const s of symbols) {
        byId.set(s.id, s);
        if (s.kind === "interface") interfaces.add(s.id);
      }
      eachKey(symbols, push);
    },
    remove(symbols) {
      const gone = new Set(symbols);
      eachKey(symbols, (map, key) => drop(map, key, gone));
      for (const s of symbols) {
        byId.delete(s.id);
        interfaces.delete(s.id);
      }
    },
    byId: (id) => byId.get(id),
    named: (name) => maps.named.get(name) ?? none,
    plainNamed: (name) => maps.plain.get(name) ?? none,
    concreteMethodsNamed: (name) => maps.concrete.get(name) ?? none,
    methodsNamed: (name) => maps.methods.get(name) ?? none,
    inFile: (file, name) => byFile.get(file)?.get(name) ?? none,
    inDir: (dir, name) => byDir.get(dir)?.get(name) ?? none,
    qualified: (qualifiedName) => maps.qualified.get(qualifiedName) ?? none,
  };
}

/** `describe("Map", () => {...})` in a test file: a block named by its title (no body field: a call). */
export function isTestBlock(s: CodeSymbol): boolean {
  return testBlockSignature.test(s.signature) && isTestPath(s.file);
}
