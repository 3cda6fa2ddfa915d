// The edges into a symbol beyond the calls the index resolved to it: unresolved calls by a name only
// it can answer, calls through a module that hands it out, calls through the class hierarchy, and
// test files importing it by name. Each is an edge the walk follows like a resolved call.
import type { CodeSymbol } from "../index/code-index.ts";
import type { SymbolLookup } from "../index/symbol-lookup.ts";
import { importsLead } from "./imports-lead.ts";
import type { Edge, IncomingEdges } from "./incoming-edges.ts";
import { dispatchingCalls } from "./receiver-dispatch.ts";
import { superConstructorCalls } from "./super-constructor-calls.ts";

/** Calls that reach a method through the class hierarchy rather than by its name: a base's
 * `this.m()` dispatching to an override, a subclass constructor's `super(...)`. */
export function hierarchyCalls(lookup: SymbolLookup, edges: IncomingEdges, method: CodeSymbol): Edge[] {
  return [...dispatchingCalls(lookup, edges, method), ...superConstructorCalls(lookup, edges, method)];
}

/** Unresolved member calls that can only mean this method (its name is unique among methods). */
export function memberCalls(
  edges: IncomingEdges,
  symbol: { kind: string; name: string } | undefined,
): Edge[] {
  if (symbol?.kind !== "method" || edges.methodCount.get(symbol.name) !== 1) return [];
  return edges.byMember.get(symbol.name) ?? [];
}

/** Calls through an imported name that can mean this symbol: the import resolves to its file, or to
 * a file that does not define that name itself (a package `__init__` or index passing it on); a
 * same-named function of another module (`_cached._wrapper` vs `_cachedmethod._wrapper`) is not it. */
export function namedCalls(edges: IncomingEdges, lookup: SymbolLookup, symbol: CodeSymbol): Edge[] {
  return (edges.byName.get(symbol.name) ?? []).filter(
    (e) =>
      !e.resolved ||
      e.resolved === symbol.file ||
      (!lookup.symbolsIn(e.resolved).some((s) => s.name === symbol.name && s.parent === null) &&
        importsLead(edges.importsOf, e.resolved, symbol.file)),
  );
}

/** Test files importing this function by its name from its file or a module passing it on. */
export function testImports(edges: IncomingEdges, lookup: SymbolLookup, symbol: CodeSymbol): Edge[] {
  if (symbol.kind !== "function" || symbol.parent !== null) return [];
  return (edges.importedByTests.get(symbol.name) ?? []).filter(
    (e) =>
      e.resolved === symbol.file ||
      (e.resolved !== undefined &&
        !lookup.symbolsIn(e.resolved).some((s) => s.name === symbol.name && s.parent === null) &&
        importsLead(edges.importsOf, e.resolved, symbol.file)),
  );
}

/** Where a symbol is handed out under which name (symbol-providers.ts `exports`): its own file, and
 * modules passing it on, e.g. `{ "lib/parse.js": "default", "lib/index.js": "parse" }`. */
export type ExportsOf = (symbol: CodeSymbol) => ReadonlyMap<string, string>;

/** Calls through an import of a module that hands the symbol out under the called name: `qs.parse()`
 * where `qs = require("..")` is lib/index.js and that file's `module.exports = { parse }` is
 * lib/parse.js's anonymous `module.exports = function`. */
export function exportedCalls(
  edges: IncomingEdges,
  exportsOf: ExportsOf | undefined,
  symbol: CodeSymbol,
): Edge[] {
  if (!exportsOf || symbol.kind === "method") return [];
  const out: Edge[] = [];
  for (const [file, name] of exportsOf(symbol))
    if (name !== symbol.name || file !== symbol.file)
      for (const e of edges.throughImport.get(name) ?? []) if (e.resolved === file) out.push(e);
  return out;
}
