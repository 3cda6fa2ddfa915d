// The class hierarchy as the tests-that-reach walk reads it: classes linked to their bases and
// subclasses (by base name), followed a few levels. One breadth-first search serves both directions
// and both questions asked of it: which subclasses inherit a member (a base's `__eq__` or
// constructor run by an instance of one) and which classes above or below a method call or override
// it (receiver-dispatch.ts).
import type { CallEdge, CodeSymbol } from "../index/code-index.ts";
import type { SymbolLookup } from "../index/symbol-lookup.ts";

/** A call made in some class's method that the hierarchy hands to another class's method. */
export type ClassCall = Pick<CallEdge, "from" | "file" | "line">;

/** Levels of inheritance followed: bases are matched by name, so deeper chains add guesses. */
export const maxLevels = 4;

/** Whether `cls` defines `member` itself (not through a base). */
export function definesMember(lookup: SymbolLookup, cls: CodeSymbol, member: string): boolean {
  return lookup.symbolsIn(cls.file).some((m) => m.parent === cls.id && m.name === member);
}

/**
 * The classes reached from `start` through `links` (its bases, or its subclasses), `maxLevels`
 * levels, nearest first. A class for which `stop` holds is neither listed nor walked through: a
 * subclass overriding a member hides that member from its own subclasses.
 */
export function relatedClasses(
  links: ReadonlyMap<string, readonly CodeSymbol[]>,
  start: CodeSymbol,
  stop: (c: CodeSymbol) => boolean = () => false,
): CodeSymbol[] {
  const out: CodeSymbol[] = [];
  const seen = new Set([start.id]);
  let level = [start];
  for (let depth = 0; depth < maxLevels && level.length > 0; depth++) {
    const next: CodeSymbol[] = [];
    for (const c of level)
      for (const other of links.get(c.id) ?? []) {
        if (seen.has(other.id)) continue;
        seen.add(other.id);
        if (stop(other)) continue;
        out.push(other);
        next.push(other);
      }
    level = next;
  }
  return out;
}
