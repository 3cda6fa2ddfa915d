// The rerank: a weighted sum of the signals' strengths per symbol. Structural evidence (frames, the
// code under test) outweighs lexical; `why` lists every signal that contributed, strongest first.
import type { SignalName, SignalScores } from "./localize-signal.ts";

export type SignalWeights = Record<SignalName, number>;

// Chosen on the tune and dev splits by bench/tune-locate-weights.ts (`--set tune,dev --objective mean`,
// from the defaults and from the weights before failing_reach; the better of the two last lines; see
// bench/localize-corpus/RESULTS.md). Re-run it after changing a signal; never choose them on test or
// heldout.
export const defaultSignalWeights: SignalWeights = {
  stack_frame: 4,
  test_callee: 0.15,
  test_name: 0.15,
  // failing_reach carries what the test's callees reach, for every failing test at once.
  call_chain: 0,
  bm25: 0.5,
  bm25_log: 0.15,
  exact_name: 0.8,
  imported_by_test: 0.3,
  test_file: 1.2,
  shared_callee: 0.5,
  failing_reach: 1,
  test_literal: 1,
  // A name that is data, spelled by the failing tests, outranks the evaluator or dispatcher every test
  // runs (failing_reach + shared_callee + imported_by_test); 3 chosen on the seen splits (s42-dispatch,
  // RESULTS.md): 2 left jsonata's builtins second, 4 moved a jsonata file down.
  registered_name: 3,
  // A swapped call outranks what every failing test reaches; a real innermost frame outranks it.
  swapped_call: 2,
  // Executions beat text: what only the failing tests ran outranks every static signal (dynamic/).
  spectrum: 10,
};

/** With project frames on the failure's stack the lexical signals are multiplied by this. */
export const framedLexicalDamping = 0.5;

export interface Combined {
  id: string;
  score: number;
  why: string[];
}

export function combineSignals(
  signals: ReadonlyMap<SignalName, SignalScores>,
  weights: SignalWeights,
): Combined[] {
  const parts = new Map<string, { value: number; text: string }[]>();
  for (const [name, scores] of signals) {
    const weight = weights[name];
    if (weight <= 0) continue;
    for (const [id, hit] of scores) {
      const list = parts.get(id) ?? [];
      list.push({ value: weight * hit.strength, text: `${name}: ${hit.detail}` });
      parts.set(id, list);
    }
  }
  const combined: Combined[] = [];
  for (const [id, list] of parts) {
    list.sort((a, b) => b.value - a.value);
    combined.push({ id, score: list.reduce((sum, p) => sum + p.value, 0), why: list.map((p) => p.text) });
  }
  return combined.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
}
