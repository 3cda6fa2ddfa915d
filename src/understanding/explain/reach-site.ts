// A place the tests-that-reach walk stands on, with the path of qualified names that led there from
// the symbol: one step up is the caller of an edge, or the symbol that structurally holds another.
import type { CodeSymbol } from "../index/code-index.ts";
import type { SymbolLookup } from "../index/symbol-lookup.ts";
import type { Edge } from "./incoming-edges.ts";

export interface ReachSite {
  /** The symbol the code at the site belongs to; null for top-level code. */
  id: string | null;
  path: string;
  line: number;
  /** Qualified names (a file path for top-level code) from the site down to the symbol. */
  via: string[];
  /** Named, not called (`module.exports = crc32`): loading that module runs nothing of it. */
  value?: boolean;
}

/**
 * The caller of an edge, one step up from `via`. A function handed on there as a value keeps the
 * site's `value`: top-level code naming it (`cmd = deprecated(cli.cmd)`) does not run it when its
 * module loads, as index/module-load.ts says of the same edge; the walk goes on to what calls `cmd`.
 */
export function callerSite(lookup: SymbolLookup, edge: Edge, via: readonly string[]): ReachSite {
  const from = edge.from ? lookup.byId(edge.from) : undefined;
  return {
    id: edge.from,
    path: edge.file,
    line: edge.line,
    via: [from?.qualifiedName ?? edge.file, ...via],
    ...(edge.value ? { value: true } : {}),
  };
}

/** A symbol as a site at its first line, one step up from `via`. */
export function symbolSite(symbol: CodeSymbol, via: readonly string[]): ReachSite {
  return { id: symbol.id, path: symbol.file, line: symbol.startLine, via: [symbol.qualifiedName, ...via] };
}
