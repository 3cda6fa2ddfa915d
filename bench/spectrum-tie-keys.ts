// Tie-break keys tried on the dynamic bench's saved runs (locate-dynamic-rerank.ts variants,
// locate-dynamic-ties.ts): what could order functions that share one spectrum score, read from the
// same executions and the index's call edges. None was kept (RESULTS.md, session 44): they stay here
// to re-measure.
import type { CallEdge, CodeSymbol } from "../src/understanding/index/code-index.ts";
import type { SymbolLookup } from "../src/understanding/index/symbol-lookup.ts";
import type { SignalScores } from "../src/understanding/localize/localize-signal.ts";
import { resolveCallee } from "../src/understanding/localize/test-target-signal.ts";
import { ranByName } from "../src/understanding/localize/dynamic/ran-by-name.ts";
import {
  ranCandidates,
  suspiciousness,
  type Execution,
} from "../src/understanding/localize/dynamic/spectrum-signal.ts";

export interface TieEvidence {
  /** Passing tests that entered the function: any own line, or it by V8 name (its best line's are 0 at Ochiai 1). */
  functionEp: number;
  /** Own lines some failing test ran. */
  failingLines: number;
  /** Of those, the lines at the function's best score. */
  topLines: number;
  /** Other tied functions it calls (static call edges). */
  callsTied: number;
  /** Other tied functions that call it. */
  calledByTied: number;
}

export function tieEvidence(
  executions: readonly Execution[],
  tied: readonly CodeSymbol[],
  calls: readonly CallEdge[],
  lookup: SymbolLookup,
): Map<string, TieEvidence> {
  const ids = new Set(tied.map((s) => s.id));
  const totalFailed = executions.filter((e) => e.failed).reduce((n, e) => n + (e.tests ?? 1), 0);
  const out = new Map<string, TieEvidence>();
  for (const { symbol, lines, ranAt, runs } of ranCandidates(executions, tied)) {
    const scores = lines
      .map((l) => ranAt(l))
      .filter((c) => c.ef > 0)
      .map((c) => suspiciousness("ochiai", c.ef, c.ep, totalFailed));
    const best = Math.max(0, ...scores);
    let functionEp = 0;
    for (const { failed, tests, entry } of runs)
      if (
        !failed &&
        entry &&
        (lines.some((l) => entry.lines.has(l)) ||
          ranByName(entry.functionNames, symbol.name, symbol.qualifiedName))
      )
        functionEp += tests;
    out.set(symbol.id, {
      functionEp,
      failingLines: scores.length,
      topLines: scores.filter((s) => s === best).length,
      callsTied: 0,
      calledByTied: 0,
    });
  }
  const pairs = new Set<string>();
  for (const call of calls) {
    if (!call.from || !ids.has(call.from)) continue;
    for (const callee of resolveCallee(call, lookup)) {
      const key = `${call.from}\n${callee.id}`;
      if (callee.id === call.from || !ids.has(callee.id) || pairs.has(key)) continue;
      pairs.add(key);
      out.get(call.from)!.callsTied++;
      out.get(callee.id)!.calledByTied++;
    }
  }
  return out;
}

/** What a tie-break prefers among functions at the same spectrum score (higher first). */
export type TieKey = "fewer-passing" | "leaf" | "innermost" | "outermost" | "pure-share" | "more-lines";

export const TIE_KEYS: readonly TieKey[] = [
  "fewer-passing",
  "leaf",
  "innermost",
  "outermost",
  "pure-share",
  "more-lines",
];

const keyOf: Record<TieKey, (e: TieEvidence) => number> = {
  "fewer-passing": (e) => -e.functionEp,
  leaf: (e) => (e.callsTied === 0 ? 1 : 0),
  innermost: (e) => (e.callsTied === 0 && e.calledByTied > 0 ? 1 : 0),
  outermost: (e) => (e.calledByTied === 0 ? 1 : 0),
  "pure-share": (e) => (e.failingLines === 0 ? 0 : e.topLines / e.failingLines),
  "more-lines": (e) => e.topLines,
};

/**
 * Per group of at least two (at most maxGroup) functions at one spectrum score (only the top
 * score's when `topOnly`), strength 1 for those with the group's best key when the key differs, 0 for
 * the others.
 */
export function tieBreakBy(
  executions: readonly Execution[],
  candidates: readonly CodeSymbol[],
  spectrum: SignalScores,
  calls: readonly CallEdge[],
  lookup: SymbolLookup,
  key: TieKey,
  topOnly: boolean,
  maxGroup = Infinity,
): SignalScores {
  const groups = new Map<number, CodeSymbol[]>();
  for (const s of candidates) {
    const hit = spectrum.get(s.id);
    if (hit) groups.set(hit.strength, [...(groups.get(hit.strength) ?? []), s]);
  }
  const top = Math.max(...groups.keys());
  const out: SignalScores = new Map();
  for (const [level, group] of groups) {
    if (group.length < 2 || group.length > maxGroup || (topOnly && level !== top)) continue;
    const evidence = tieEvidence(executions, group, calls, lookup);
    const values = group.map((s) => keyOf[key](evidence.get(s.id)!));
    const best = Math.max(...values);
    if (values.every((v) => v === best)) continue;
    // The others are named too, at 0: a re-order inside the tie's places needs every member.
    group.forEach((s, i) =>
      out.set(s.id, { strength: values[i] === best ? 1 : 0, detail: `${key} among ${group.length} tied` }),
    );
  }
  return out;
}
