// Lookup tables over every symbol of an index, updated file by file so that an incremental
// build does not rebuild them. Each lookup is a map hit: call resolution visits ~10^5 call sites.
import { posix } from "node:path";
import type { CodeSymbol } from "./code-index.ts";

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

export function createSymbolTables(): SymbolTables {
  const byId = new Map<string, CodeSymbol>();
  const interfaces = new Set<string>();
  const maps = {
    named: new Map<string, CodeSymbol[]>(),
    plain: new Map<string, CodeSymbol[]>(),
    methods: new Map<string, CodeSymbol[]>(),
    concrete: new Map<string, CodeSymbol[]>(),
    file: new Map<string, CodeSymbol[]>(),
    dir: new Map<string, CodeSymbol[]>(),
    qualified: new Map<string, CodeSymbol[]>(),
  };
  const keysOf = (s: CodeSymbol): [Map<string, CodeSymbol[]>, string][] => {
    const keys: [Map<string, CodeSymbol[]>, string][] = [
      [maps.named, s.name],
      [maps.file, `${s.file}\0${s.name}`],
      [maps.dir, `${posix.dirname(s.file)}\0${s.name}`],
      [maps.qualified, s.qualifiedName],
    ];
    if (s.kind !== "method") keys.push([maps.plain, s.name]);
    else keys.push([maps.methods, s.name]);
    if (s.kind === "method" && !interfaces.has(s.parent ?? "")) keys.push([maps.concrete, s.name]);
    return keys;
  };
  return {
    add(symbols) {
      for (const s of symbols) {
        byId.set(s.id, s);
        if (s.kind === "interface") interfaces.add(s.id);
      }
      for (const s of symbols) {
        if (!callable.has(s.kind)) continue;
        for (const [map, key] of keysOf(s)) {
          const list = map.get(key);
          if (list) list.push(s);
          else map.set(key, [s]);
        }
      }
    },
    remove(symbols) {
      const gone = new Set(symbols);
      for (const s of symbols) {
        if (!callable.has(s.kind)) continue;
        for (const [map, key] of keysOf(s)) {
          const list = map.get(key)?.filter((x) => !gone.has(x));
          if (list && list.length > 0) map.set(key, list);
          else map.delete(key);
        }
      }
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
    inFile: (file, name) => maps.file.get(`${file}\0${name}`) ?? none,
    inDir: (dir, name) => maps.dir.get(`${dir}\0${name}`) ?? none,
    qualified: (qualifiedName) => maps.qualified.get(qualifiedName) ?? none,
  };
}
