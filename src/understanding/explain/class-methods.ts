// The classes and methods of the index, for calls on an object made in place: `new Serializer().serialize(x)`
// and Python's `Serializer().serialize(x)` run a method of that class, or of a class it inherits from.
import type { CodeIndex, CodeSymbol } from "../index/code-index.ts";
import { returnsOwnInstance } from "./factory-methods.ts";
import { baseNames } from "./symbol-references.ts";

export interface ClassMethods {
  /** Class name -> the classes of that name. */
  named: Map<string, CodeSymbol[]>;
  /** Class id -> method name -> method id. */
  methods: Map<string, Map<string, string>>;
  /** Every symbol name, so that a factory `newThing()` is not read as `new Thing()`. */
  names: Set<string>;
  /** Names of functions, so that a Python `Thing()` that some function is named is not read as a class. */
  functions: Set<string>;
  /** Methods that return an instance of the class they are called on (factory-methods.ts). */
  factories: Set<string>;
}

export function classMethods(index: CodeIndex): ClassMethods {
  const named = new Map<string, CodeSymbol[]>();
  const methods = new Map<string, Map<string, string>>();
  const factories = new Set<string>();
  const classById = new Map<string, CodeSymbol>();
  for (const s of index.symbols)
    if (s.kind === "class") {
      named.set(s.name, [...(named.get(s.name) ?? []), s]);
      classById.set(s.id, s);
    }
  for (const s of index.symbols) {
    if (s.kind !== "method" || !s.parent) continue;
    const own = methods.get(s.parent) ?? new Map<string, string>();
    if (!own.has(s.name)) own.set(s.name, s.id);
    methods.set(s.parent, own);
    const owner = classById.get(s.parent);
    if (owner && returnsOwnInstance(s, owner)) factories.add(s.id);
  }
  return {
    named,
    methods,
    names: new Set(index.symbols.map((s) => s.name)),
    functions: new Set(index.symbols.filter((s) => s.kind === "function").map((s) => s.name)),
    factories,
  };
}

/**
 * `new Serializer().serialize(x)` (written `newSerializer().serialize` once the callee name is
 * compacted), Python's `Serializer().serialize(x)`: a method of the class just made. The class is
 * the one of that name in the calling file, else in the file its import resolves to, else the only
 * one in the repository.
 */
export function methodOnNew(
  through: string,
  member: string,
  file: string,
  imports: ReadonlyMap<string, { resolved: string }[]> | undefined,
  classes: ClassMethods,
): string | null {
  // `Version.parse().bump`: the factory's class, when the factory returns an instance of it.
  const factory = /^([A-Za-z_$][\w$]*)\.([\w$]+)\(\)$/.exec(through);
  if (factory) {
    const owner = classNamed(factory[1] ?? "", file, imports, classes);
    const made = owner ? inheritedMethod(owner, factory[2] ?? "", classes) : null;
    return owner && made && classes.factories.has(made) ? inheritedMethod(owner, member, classes) : null;
  }
  const viaNew = /^new([A-Za-z_$][\w$]*)\(\)$/.exec(through)?.[1];
  const viaCall = file.endsWith(".py") ? /^([A-Za-z_]\w*)\(\)$/.exec(through)?.[1] : undefined;
  const made =
    viaNew !== undefined && !classes.names.has(`new${viaNew}`)
      ? viaNew
      : viaCall !== undefined && !classes.functions.has(viaCall)
        ? viaCall
        : undefined;
  if (!made) return null;
  const owner = classNamed(made, file, imports, classes);
  return owner ? inheritedMethod(owner, member, classes) : null;
}

/** The class a name means in a file: its own, else the one its import resolves to, else the only one. */
function classNamed(
  name: string,
  file: string,
  imports: ReadonlyMap<string, { resolved: string }[]> | undefined,
  classes: ClassMethods,
): CodeSymbol | undefined {
  const candidates = classes.named.get(name) ?? [];
  const from = imports?.get(name)?.[0]?.resolved;
  return (
    candidates.find((c) => c.file === file) ??
    candidates.find((c) => c.file === from) ??
    (candidates.length === 1 ? candidates[0] : undefined)
  );
}

/** Method `member` of a class, else of the repository classes it inherits from (by base name, a few
 * levels, first base first): `Literal("a").match(text)` runs the base `Expression.match`. */
function inheritedMethod(owner: CodeSymbol, member: string, classes: ClassMethods): string | null {
  const seen = new Set<string>();
  let level = [owner];
  for (let depth = 0; depth < 4 && level.length > 0; depth++) {
    const next: CodeSymbol[] = [];
    for (const c of level) {
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      const own = classes.methods.get(c.id)?.get(member);
      if (own) return own;
      for (const base of baseNames(c.signature)) next.push(...(classes.named.get(base) ?? []));
    }
    level = next;
  }
  return null;
}
