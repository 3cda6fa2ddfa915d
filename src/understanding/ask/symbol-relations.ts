// "Who calls whom" for the symbols in a brief: resolved callers and callees by qualified name.
import type { CodeIndex, CodeSymbol } from "../index/code-index.ts";
import { askCallees } from "./receiver-callees.ts";
import { createSymbolLookup } from "../index/symbol-lookup.ts";

export interface SymbolRelations {
  symbol: string;
  callers: string[];
  callees: string[];
}

export function symbolRelations(
  index: CodeIndex,
  symbols: readonly CodeSymbol[],
  max = 8,
): SymbolRelations[] {
  const lookup = createSymbolLookup(index);
  const calleesOf = askCallees(index, lookup);
  const wanted = new Set(symbols.map((s) => s.id));
  const callers = new Map<string, Set<string>>();
  const callees = new Map<string, Set<string>>();
  for (const call of index.calls) {
    const from = call.from ? lookup.byId(call.from) : undefined;
    const targets = calleesOf(call);
    if (from && wanted.has(from.id)) for (const t of targets) add(callees, from.id, t.qualifiedName);
    const callerName = from ? from.qualifiedName : `${call.file} (top level)`;
    for (const t of targets) if (wanted.has(t.id) && t.id !== from?.id) add(callers, t.id, callerName);
  }
  return symbols.map((s) => ({
    symbol: `${s.qualifiedName} (${s.file}:${s.startLine})`,
    callers: [...(callers.get(s.id) ?? [])].slice(0, max),
    callees: [...(callees.get(s.id) ?? [])].filter((n) => n !== s.qualifiedName).slice(0, max),
  }));
}

function add(map: Map<string, Set<string>>, key: string, value: string): void {
  map.set(key, (map.get(key) ?? new Set()).add(value));
}
