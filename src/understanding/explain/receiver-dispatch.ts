// A base class's `self.m()` / `this.m()` runs the override of `m` in whichever subclass the instance
// is: parsimonious' `Expression.match` calls `self._uncached_match(...)`, which is `Literal`'s,
// `Regex`'s or `Sequence`'s. The index resolves that call to the base's own `m` (or to nothing when
// the base leaves `m` to its subclasses), so the walk adds the other direction here: the callers of
// an override include those receiver calls in the classes it inherits from.
import type { CodeSymbol } from "../index/code-index.ts";
import type { SymbolLookup } from "../index/symbol-lookup.ts";
import { definesMember, relatedClasses, type ClassCall } from "./class-hierarchy.ts";

/** A base whose subclasses override `m` more often than this is a plugin point (a visitor, a
 * node hierarchy of a whole language): every override would be reached by every test that uses
 * the base, so none is claimed. */
export const maxOverrides = 16;

export interface Hierarchy {
  subclasses: ReadonlyMap<string, readonly CodeSymbol[]>;
  superclasses: ReadonlyMap<string, readonly CodeSymbol[]>;
  /** `classId\0m` -> the `self.m()` / `this.m()` calls made in that class's methods. */
  receiverCalls: ReadonlyMap<string, readonly ClassCall[]>;
}

/** Receiver calls of `method`'s name made in the classes its class inherits from (not the class
 * itself: the index already resolves those to it), when the base has few enough overrides. */
export function dispatchingCalls(
  lookup: SymbolLookup,
  hierarchy: Hierarchy,
  method: CodeSymbol,
): ClassCall[] {
  if (method.kind !== "method" || !method.parent) return [];
  const owner = lookup.byId(method.parent);
  if (owner?.kind !== "class") return [];
  const out: ClassCall[] = [];
  for (const base of relatedClasses(hierarchy.superclasses, owner)) {
    const calls = hierarchy.receiverCalls.get(`${base.id}\0${method.name}`);
    if (calls && overrides(lookup, hierarchy, base, method.name) <= maxOverrides) out.push(...calls);
  }
  return out;
}

/** How many classes below `base` define `member` themselves. */
function overrides(lookup: SymbolLookup, hierarchy: Hierarchy, base: CodeSymbol, member: string): number {
  return relatedClasses(hierarchy.subclasses, base).filter((c) => definesMember(lookup, c, member)).length;
}
