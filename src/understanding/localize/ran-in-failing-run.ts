// Evidence from failing runs with no passing run beside them (the whole test command of a runner xihe
// does not know, re-run with coverage): which functions ran. With nothing passing, every function that
// ran is as suspicious as any other, so it cannot rank them; but a fault in a function the failing
// run never executed is unlikely, so the static strengths of those functions are multiplied by
// `unexecutedFactor` (demoted, not dropped: coverage can miss code, a process it does not instrument).
import type { SignalName, SignalScores } from "./localize-signal.ts";

export interface RanInFailingRun {
  /** Ids of the functions the failing run executed. */
  ran: ReadonlySet<string>;
  /** Which run, for `why` ("runner unknown: whole command"). */
  label: string;
}

// Chosen by reasoning, not by a figure: on tune (54 tasks, bench/locate-dynamic-rerank.ts --grid
// --whole failing|all, RESULTS.md) every factor below 1 and every additive weight tie; 0.2 is the
// grid's existing step, strong enough to put executed functions first where static evidence is close.
export const unexecutedFactor = 0.2;

/**
 * Each signal with the strengths of functions outside `ran` multiplied by `factor`. Only what coverage
 * judges (`judged`: functions; a constant has no body that runs) is demoted.
 */
export function demoteUnexecuted(
  signals: ReadonlyMap<SignalName, SignalScores>,
  ran: ReadonlySet<string>,
  factor: number,
  judged: (id: string) => boolean = () => true,
): Map<SignalName, SignalScores> {
  const out = new Map<SignalName, SignalScores>();
  const demoted = (id: string) => !ran.has(id) && judged(id);
  for (const [name, scores] of signals)
    out.set(
      name,
      new Map(
        [...scores].map(([id, hit]) => [id, demoted(id) ? { ...hit, strength: hit.strength * factor } : hit]),
      ),
    );
  return out;
}

/** The `why` line saying whether the run executed a function (null for what coverage does not judge). */
export function ranWhy(evidence: RanInFailingRun, id: string, judged: boolean): string | null {
  if (!judged) return null;
  return evidence.ran.has(id)
    ? `ran in the failing run (${evidence.label})`
    : `did not run in the failing run (${evidence.label}): static score x${unexecutedFactor}`;
}
