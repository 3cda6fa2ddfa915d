// Structural steps of the tests-that-reach walk: the symbol whose use runs another without a call by
// name (a class running its constructor, a function running the closure it declares). They follow
// the code's structure, not a call, so they cost the walk no hop.
import type { CodeSymbol } from "../index/code-index.ts";
import { CONSTRUCTOR_NAMES } from "../index/constructor-names.ts";
import type { SymbolLookup } from "../index/symbol-lookup.ts";
import { definesMember, relatedClasses } from "./class-hierarchy.ts";
import type { IncomingEdges } from "./incoming-edges.ts";

/**
 * The symbol whose use runs this one without a call by name: a constructor or a Python special
 * method (`__call__`, `__get__`, `__enter__`) runs when its class is used; a function or class
 * declared inside a function (a decorator's wrapper, a factory's closure) runs when that function's
 * result is used, so the function's callers reach it; a class declared inside a class is made by
 * the outer class. These steps follow the code's structure, not a call: they cost no hop.
 */
export function implicitCallers(
  lookup: SymbolLookup,
  edges: Pick<IncomingEdges, "subclasses">,
  symbol: CodeSymbol,
): CodeSymbol[] {
  const parent = symbol.parent ? lookup.byId(symbol.parent) : undefined;
  if (!parent) return [];
  const inside = parent.startLine <= symbol.startLine && symbol.endLine <= parent.endLine;
  if (symbol.kind === "method" && parent.kind === "class")
    return CONSTRUCTOR_NAMES.has(symbol.name) || /^__\w+__$/.test(symbol.name)
      ? // Subclasses inheriting the method rather than defining it: an instance of one runs the
        // base's `__eq__` or constructor (`Literal("a") == Literal("a")` runs `Expression.__eq__`).
        [parent, ...relatedClasses(edges.subclasses, parent, (c) => definesMember(lookup, c, symbol.name))]
      : [];
  if ((parent.kind === "function" || parent.kind === "method") && inside) return [parent];
  // A class declared inside a class (a descriptor's `Wrapper`) is made by the outer class's code
  // (`self.Wrapper(obj)` in its `__get__`), so what uses the outer class reaches it.
  if (symbol.kind === "class" && parent.kind === "class" && inside) return [parent];
  return [];
}
