// A function holding a call whose arguments look swapped (swapped-call-sites.ts) is a suspect when the
// failure already points at it: the failing tests reach it, or they, their files or the failure's
// words name it. A swapped-looking call the failure gives no reason to suspect stays out: code has
// calls that read odd on purpose, and they are not this failure's cause.
import type { SignalName, SignalScores } from "./localize-signal.ts";
import type { SwappedCallSite } from "./swapped-call-sites.ts";

// Signals whose every hit is a reason to suspect a function.
// (test_file is left out: it names a whole file, every function in it alike.)
const POINTING: readonly SignalName[] = [
  "stack_frame",
  "failing_reach",
  "test_callee",
  "test_name",
  "exact_name",
];
// The failure's words point at a function when it matches them at least this well (of the best).
const WORDS_POINT = 0.5;

export function swappedCallSignal(
  sites: readonly SwappedCallSite[],
  signals: ReadonlyMap<SignalName, SignalScores>,
): SignalScores {
  const scores: SignalScores = new Map();
  const pointedAt = (id: string) =>
    POINTING.some((name) => signals.get(name)?.has(id)) ||
    (signals.get("bm25")?.get(id)?.strength ?? 0) >= WORDS_POINT;
  for (const site of sites)
    if (!scores.has(site.callerId) && pointedAt(site.callerId))
      scores.set(site.callerId, { strength: 1, detail: `${site.detail} at ${site.where}` });
  return scores;
}
