// One-hop (configurable) call-chain expansion: the callees and callers of the strongest suspects
// inherit part of their score, so a fault one call below the failing frame is still found. Through a
// function handed on as a value rather than called, each side inherits VALUE_EDGE of that
// (callee-graph.ts): the receiver may not call it where the failure happened.
import type { CodeIndex } from "../index/code-index.ts";
import { edgeStrength } from "./callee-graph.ts";
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
  // Each call edge resolved once: caller id -> callee ids, and callee id -> caller ids, each with the
  // edge's strength (a call beats a value handed on between the same two).
  const calleesOf = new Map<string, Map<string, number>>();
  const callersOf = new Map<string, Map<string, number>>();
  for (const call of index.calls) {
    if (!call.from) continue;
    const edge = edgeStrength(call);
    for (const callee of resolveCallee(call, lookup)) {
      if (callee.id === call.from) continue;
      link(calleesOf, call.from, callee.id, edge);
      link(callersOf, callee.id, call.from, edge);
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
      for (const [callee, edge] of calleesOf.get(id) ?? [])
        reach(
          callee,
          strength * CALLEE_DECAY * edge,
          edge < 1 ? `handed on by ${name}` : `called by ${name}`,
        );
      for (const [caller, edge] of callersOf.get(id) ?? []) {
        const symbol = lookup.byId(caller);
        if (symbol && !lookup.isTest(symbol.file))
          reach(caller, strength * CALLER_DECAY * edge, edge < 1 ? `hands on ${name}` : `calls ${name}`);
      }
    }
    frontier = next;
  }
  return scores;
}

function link(edges: Map<string, Map<string, number>>, from: string, to: string, edge: number): void {
  const out = edges.get(from) ?? new Map<string, number>();
  out.set(to, Math.max(out.get(to) ?? 0, edge));
  edges.set(from, out);
}
