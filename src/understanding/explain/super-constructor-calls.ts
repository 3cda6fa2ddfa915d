// A JS/TS constructor's `super(...)` runs the constructor of the nearest base that defines one. The
// index has no symbol named `super`, so it leaves that call unresolved, and a base constructor was
// reached only through subclasses inheriting it: `new Square(2)` ran `Shape`'s constructor through
// `Square`'s own `super("square")`, but no edge said so. (`super.m()` and Python's
// `super().__init__()` name a member, and the index resolves them to the base's method.)
import type { CodeSymbol } from "../index/code-index.ts";
import type { SymbolLookup } from "../index/symbol-lookup.ts";
import { definesMember, relatedClasses, type ClassCall } from "./class-hierarchy.ts";

export interface SuperHierarchy {
  subclasses: ReadonlyMap<string, readonly CodeSymbol[]>;
  /** Class id -> the bare `super(...)` calls made in that class's constructor. */
  superConstructorCalls: ReadonlyMap<string, readonly ClassCall[]>;
}

const constructorName = "constructor";

/** The `super(...)` calls that run `method` when it is a class's `constructor`: those made in the
 * constructors of its subclasses, and of subclasses of heirs that inherit it (a few levels). */
export function superConstructorCalls(
  lookup: SymbolLookup,
  hierarchy: SuperHierarchy,
  method: CodeSymbol,
): ClassCall[] {
  if (method.kind !== "method" || method.name !== constructorName || !method.parent) return [];
  const owner = lookup.byId(method.parent);
  if (owner?.kind !== "class") return [];
  const defines = (c: CodeSymbol) => definesMember(lookup, c, constructorName);
  const out: ClassCall[] = [];
  for (const c of [owner, ...relatedClasses(hierarchy.subclasses, owner, defines)])
    for (const sub of hierarchy.subclasses.get(c.id) ?? [])
      if (defines(sub)) out.push(...(hierarchy.superConstructorCalls.get(sub.id) ?? []));
  return out;
}
