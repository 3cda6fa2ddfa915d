// What every failing test reaches: one fault makes every failing test fail, so the fault lies in code
// each of them runs. Statically, each failing test (a distinct test location) runs what it calls and
// what those callees call, MAX_HOPS deep; a function's strength is the share of failing tests that
// reach it. An entry point that only some failing tests call (`withBase`, while the `joinURL` tests
// fail too) drops below the helper they all reach (`joinURL`, which `withBase` calls).
import type { CodeIndex } from "../index/code-index.ts";
import type { TestLocation } from "./frame-signal.ts";
import { addHit, type SignalScores } from "./localize-signal.ts";
import { calleesByCaller } from "./callee-graph.ts";
import { callsOfTest, resolveCallee } from "./test-target-signal.ts";
import type { SymbolLookup } from "../index/symbol-lookup.ts";

const MAX_HOPS = 3;

export function failingReachSignal(
  index: CodeIndex,
  lookup: SymbolLookup,
  testLocations: readonly TestLocation[],
): SignalScores {
  const scores: SignalScores = new Map();
  const distinct = new Map(testLocations.map((l) => [`${l.file}:${l.line}`, l]));
  const calleesOf = calleesByCaller(index, lookup);
  const counts = new Map<string, number>();
  let tests = 0;
  for (const loc of distinct.values()) {
    const seen = new Set<string>();
    for (const { call } of callsOfTest(index, lookup, loc))
      for (const callee of resolveCallee(call, lookup)) seen.add(callee.id);
    if (seen.size === 0) continue;
    tests++;
    let frontier = [...seen];
    for (let hop = 1; hop <= MAX_HOPS && frontier.length > 0; hop++) {
      const next: string[] = [];
      for (const id of frontier)
        for (const callee of calleesOf.get(id) ?? [])
          if (!seen.has(callee)) {
            seen.add(callee);
            next.push(callee);
          }
      frontier = next;
    }
    for (const id of seen) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  for (const [id, count] of counts) {
    const symbol = lookup.byId(id);
    if (!symbol || lookup.isTest(symbol.file)) continue;
    addHit(scores, id, count / tests, `reached by ${count} of ${tests} failing tests`);
  }
  return scores;
}
