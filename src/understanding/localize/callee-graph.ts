// The resolved call graph the reach signals walk: for each caller id, what it calls (itself left out,
// so recursion adds no hop), each with how surely it runs: 1 for a call, VALUE_EDGE when the caller
// only hands the function on as a value (an argument, a returned value: index/function-values.ts).
import type { CallEdge, CodeIndex } from "../index/code-index.ts";
import type { SymbolLookup } from "../index/symbol-lookup.ts";
import { resolveCallee } from "./test-target-signal.ts";

/**
 * A function handed on is run by whatever receives it, if and when that calls it: a callback may be
 * stored for later (a handler, a hook, a plugin), or called only for some inputs (a filter predicate,
 * a sort key on one element, a fallback), and the index does not see which. So reaching a function
 * only through one is weaker evidence that a test ran it than reaching it through calls; it still
 * counts, since what receives it mostly does call it.
 */
export const VALUE_EDGE = 0.5;

export type CalleeGraph = Map<string, Map<string, number>>;

/** How surely the edge runs its callee: VALUE_EDGE for a function named as a value, 1 for a call. */
export function edgeStrength(call: CallEdge): number {
  return call.value ? VALUE_EDGE : 1;
}

export function calleesByCaller(index: CodeIndex, lookup: SymbolLookup): CalleeGraph {
  const calleesOf: CalleeGraph = new Map();
  for (const call of index.calls) {
    if (!call.from) continue;
    const strength = edgeStrength(call);
    for (const callee of resolveCallee(call, lookup)) {
      if (callee.id === call.from) continue;
      const callees = calleesOf.get(call.from) ?? new Map<string, number>();
      // A function both called and handed on by the same caller is called.
      callees.set(callee.id, Math.max(callees.get(callee.id) ?? 0, strength));
      calleesOf.set(call.from, callees);
    }
  }
  return calleesOf;
}
