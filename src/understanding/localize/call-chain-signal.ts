// One-hop (configurable) call-chain expansion: the callees and callers of the strongest suspects
// inherit part of their score, so a fault one call below the failing frame is still found.
import type { CodeIndex } from "../index/code-index.ts";
import { addHit, type SignalScores } from "./localize-signal.ts";
import { resolveCallee } from "./test-target-signal.ts";
import type { SymbolLookup } from "../index/symbol-lookup.ts";

const CALLEE_DECAY = 0.5;
const CALLER_DECAY = 0.3;

export function callChainSignal(
  index: CodeIndex,
  lookup: SymbolLookup,
  seeds: ReadonlyMap<string, number>,
  depth: number,
): SignalScores {
  const scores: SignalScores = new Map();
  // Each call edge resolved once: caller id -> callee ids, and callee id -> caller ids.
  const calleesOf = new Map<string, Set<string>>();
  const callersOf = new Map<string, Set<string>>();
  for (const call of index.calls) {
    if (!call.from) continue;
    for (const callee of resolveCallee(call, lookup)) {
      if (callee.id === call.from) continue;
      calleesOf.set(call.from, (calleesOf.get(call.from) ?? new Set()).add(callee.id));
      callersOf.set(callee.id, (callersOf.get(callee.id) ?? new Set()).add(call.from));
    }
  }
  let frontier = new Map(seeds);
  for (let hop = 1; hop <= depth && frontier.size > 0; hop++) {
    const next = new Map<string, number>();
    const reach = (id: string, strength: number, detail: string) => {
      if (seeds.has(id) || strength <= (scores.get(id)?.strength ?? 0)) return;
      addHit(scores, id, strength, detail);
      next.set(id, Math.max(next.get(id) ?? 0, strength));
    };
    for (const [id, strength] of frontier) {
      const name = lookup.byId(id)?.qualifiedName ?? id;
      for (const callee of calleesOf.get(id) ?? [])
        reach(callee, strength * CALLEE_DECAY, `called by ${name}`);
      for (const caller of callersOf.get(id) ?? []) {
        const symbol = lookup.byId(caller);
        if (symbol && !lookup.isTest(symbol.file)) reach(caller, strength * CALLER_DECAY, `calls ${name}`);
      }
    }
    frontier = next;
  }
  return scores;
}
