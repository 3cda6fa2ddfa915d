// Whether the spectrum can order what the runs executed, or only "it ran" is evidence. Its own file so
// that `xihe locate --run` (dynamic-localize.ts) and the offline re-score of saved runs
// (bench/locate-dynamic-rerank.ts) decide it by the same code: a re-score that added a flat spectrum
// the CLI does not add ranked differently from the CLI on the same runs (session 44).
import type { SignalScores } from "../localize-signal.ts";
import type { RanInFailingRun } from "../ran-in-failing-run.ts";
import type { Execution } from "./spectrum-signal.ts";

/**
 * Which functions ran, when the spectrum is not to be added (the static order stands among what ran,
 * what did not run is demoted): failing executions alone of a runner xihe does not know (no hook split
 * the whole command into tests), or a flat spectrum (every function the failing runs reached scores
 * the same) with no passing execution or below 1. Added at its weight a flat spectrum would only lift
 * all of them over what static ranks first and coverage does not judge (a constant). Not when they all
 * scored 1 beside passing tests: those ran none of them, which is the spectrum's evidence. Null: the
 * spectrum is added. `leftOut` names sampled passing batches that were not used (for the label).
 */
export function ranOnlyEvidence(
  signal: SignalScores,
  executions: readonly Execution[],
  runnerKnown: boolean,
  leftOut: readonly string[],
): RanInFailingRun | null {
  const passing = executions.some((e) => !e.failed);
  const ran = new Set(signal.keys());
  if (!runnerKnown && !passing) return { ran, label: "runner unknown: whole command" };
  const level = flatLevel(signal);
  if (level !== null && (!passing || level < 1)) return { ran, label: flatLabel(passing, leftOut) };
  return null;
}

/** The one score every function has, or null when the scores differ. */
function flatLevel(signal: SignalScores): number | null {
  const strengths = new Set([...signal.values()].map((hit) => hit.strength));
  return strengths.size === 1 ? [...strengths][0]! : null;
}

function flatLabel(passing: boolean, leftOut: readonly string[]): string {
  const why = passing
    ? "every function it ran scored the same in the spectrum"
    : `no passing run to compare with${leftOut.length > 0 ? `: ${leftOut.join("; ")}` : ""}`;
  return `spectrum flat, static order kept: ${why}`;
}
