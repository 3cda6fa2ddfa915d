// The resolved call graph the reach signals walk: for each caller id, the ids of what it calls
// (itself left out, so recursion adds no hop).
import type { CodeIndex } from "../index/code-index.ts";
import type { SymbolLookup } from "../index/symbol-lookup.ts";
import { resolveCallee } from "./test-target-signal.ts";

export function calleesByCaller(index: CodeIndex, lookup: SymbolLookup): Map<string, Set<string>> {
  const calleesOf = new Map<string, Set<string>>();
  for (const call of index.calls) {
    if (!call.from) continue;
    for (const callee of resolveCallee(call, lookup))
      if (callee.id !== call.from)
        calleesOf.set(call.from, (calleesOf.get(call.from) ?? new Set()).add(callee.id));
  }
  return calleesOf;
}
