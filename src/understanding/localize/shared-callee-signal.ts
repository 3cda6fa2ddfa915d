// Code that many suspects reach: when the failing tests exercise different features (charset,
// language, media type) and they all fail, the fault is likely in what those features share (a
// parser they all call). Each non-test callable gets the summed strength of the distinct seeds
// that reach it within MAX_HOPS calls (decayed per hop), normalised to the best; reaching it from
// one seed only is what call_chain already says, so only symbols reached from two or more count. A
// hop through a function handed on as a value counts VALUE_EDGE of a call (callee-graph.ts).
import type { CodeIndex } from "../index/code-index.ts";
import { addHit, type SignalScores } from "./localize-signal.ts";
import { calleesByCaller } from "./callee-graph.ts";
import type { SymbolLookup } from "../index/symbol-lookup.ts";

const MAX_HOPS = 3;
const HOP_DECAY = 0.7;

export function sharedCalleeSignal(
  index: CodeIndex,
  lookup: SymbolLookup,
  seeds: ReadonlyMap<string, number>,
): SignalScores {
  const calleesOf = calleesByCaller(index, lookup);
  const sums = new Map<string, { total: number; seeds: number }>();
  for (const [seed, strength] of seeds) {
    // Breadth-first from this seed: each reached symbol counted once per seed, at its nearest hop.
    const seen = new Set([seed]);
    let frontier = [{ id: seed, through: 1 }];
    for (let hop = 1; hop <= MAX_HOPS && frontier.length > 0; hop++) {
      const next: { id: string; through: number }[] = [];
      for (const { id, through } of frontier)
        for (const [callee, edge] of calleesOf.get(id) ?? []) {
          if (seen.has(callee)) continue;
          seen.add(callee);
          next.push({ id: callee, through: through * edge });
          const sum = sums.get(callee) ?? { total: 0, seeds: 0 };
          const added = strength * through * edge * HOP_DECAY ** hop;
          sums.set(callee, { total: sum.total + added, seeds: sum.seeds + 1 });
        }
      frontier = next;
    }
  }
  const scores: SignalScores = new Map();
  const shared = [...sums].filter(([, s]) => s.seeds >= 2);
  const best = Math.max(0, ...shared.map(([, s]) => s.total));
  if (best <= 0) return scores;
  for (const [id, s] of shared) addHit(scores, id, s.total / best, `reached from ${s.seeds} suspects`);
  return scores;
}
