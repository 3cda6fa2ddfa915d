// What every failing test reaches: one fault makes every failing test fail, so the fault lies in code
// each of them runs. Statically, each failing test (a distinct test location) runs what it calls and
// what those callees call, MAX_HOPS deep; a function's strength is the share of failing tests that
// reach it. An entry point that only some failing tests call (`withBase`, while the `joinURL` tests
// fail too) drops below the helper they all reach (`joinURL`, which `withBase` calls).
import type { CallEdge, CodeIndex } from "../index/code-index.ts";
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
    const seen = reach(
      callsOfTest(index, lookup, loc).map((c) => c.call),
      lookup,
      calleesOf,
    );
    if (seen.size === 0) continue;
    tests++;
    for (const id of seen) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  const spread = testFileSpread(index, lookup, calleesOf, new Set(testLocations.map((l) => l.file)));
  for (const [id, count] of counts) {
    const symbol = lookup.byId(id);
    if (!symbol || lookup.isTest(symbol.file)) continue;
    const s = spread.get(id);
    // What the passing test files reach as well says little about this failure: the precision half of
    // Ochiai over test files (an entry every test file calls, with its options helpers, in 1 of 40).
    const precision = s && s.all > s.failing ? Math.sqrt(s.failing / s.all) : 1;
    const also = precision < 1 ? `, and by ${s!.all - s!.failing} other test files` : "";
    addHit(scores, id, (count / tests) * precision, `reached by ${count} of ${tests} failing tests${also}`);
  }
  return scores;
}

/** For each function, how many test files (whole-file calls) reach it, and how many failing ones. */
function testFileSpread(
  index: CodeIndex,
  lookup: SymbolLookup,
  calleesOf: ReadonlyMap<string, ReadonlySet<string>>,
  failingFiles: ReadonlySet<string>,
): Map<string, { all: number; failing: number }> {
  const callsByFile = new Map<string, CallEdge[]>();
  for (const call of index.calls) {
    if (!lookup.isTest(call.file)) continue;
    const calls = callsByFile.get(call.file);
    if (calls) calls.push(call);
    else callsByFile.set(call.file, [call]);
  }
  const spread = new Map<string, { all: number; failing: number }>();
  for (const [file, calls] of callsByFile) {
    const failing = failingFiles.has(file) ? 1 : 0;
    for (const id of reach(calls, lookup, calleesOf)) {
      const s = spread.get(id) ?? { all: 0, failing: 0 };
      spread.set(id, { all: s.all + 1, failing: s.failing + failing });
    }
  }
  return spread;
}

/** What the calls resolve to and what those call, MAX_HOPS deep. */
function reach(
  calls: readonly CallEdge[],
  lookup: SymbolLookup,
  calleesOf: ReadonlyMap<string, ReadonlySet<string>>,
): Set<string> {
  const seen = new Set<string>();
  for (const call of calls) for (const callee of resolveCallee(call, lookup)) seen.add(callee.id);
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
  return seen;
}
