// The evidence localization combines. Each signal gives some symbols a strength in [0, 1] and a
// short detail for `why`; combine-signals.ts weighs them.
export type SignalName =
  | "stack_frame"
  | "test_callee"
  | "test_name"
  | "call_chain"
  | "bm25"
  | "bm25_log"
  | "exact_name"
  | "imported_by_test"
  | "test_file"
  | "shared_callee"
  /** Share of the failing tests whose calls reach the symbol (failing-reach-signal.ts). */
  | "failing_reach"
  /** A failing test spells the function's name as a string: a table key (test-literal-signal.ts). */
  | "test_literal"
  /** A failing test's name spells a name the function is registered or dispatched under (registered-name-signal.ts). */
  | "registered_name"
  /** A call whose arguments look swapped, in a function the failure points at (swapped-call-signal.ts). */
  | "swapped_call"
  /** Dynamic: spectrum-based (Ochiai) score from re-running the failing and some passing tests. */
  | "spectrum";

export interface SignalHit {
  strength: number;
  detail: string;
}

/** Symbol id -> strongest hit of one signal. */
export type SignalScores = Map<string, SignalHit>;

/** Keeps the stronger of two hits for the same symbol. */
export function addHit(scores: SignalScores, id: string, strength: number, detail: string): void {
  const previous = scores.get(id);
  if (!previous || strength > previous.strength) scores.set(id, { strength, detail });
}
