// Functions that share the top spectrum score ran, at their best line, in the same failing tests and
// in no other sampled test: the spectrum cannot order them, and the static signals that did lean
// towards what the failure's text and stack name — often the caller of the fault, which the failing
// test enters, or a neighbour on the same path. One finer reading of the same executions separates
// them: whether passing tests entered the function at all. A function no passing test entered ran
// only for the failing tests; one the passing tests also entered (taking another branch of it) is a
// path the fault's value went through on its way, as often as not (a caller choosing to call the
// fault only for the failing input). Ties are broken towards the functions the fewest passing tests
// entered, at a weight below a stack frame's, so an innermost frame still decides.
// A tie of more functions than the ranking shows is the failing tests' whole path that the passing
// sample never ran: which of them passing tests entered says nothing there, so it is left alone.
import type { CodeSymbol } from "../../index/code-index.ts";
import type { SignalScores } from "../localize-signal.ts";
import { ranByName } from "./ran-by-name.ts";
import { ranCandidates, type Execution } from "./spectrum-signal.ts";

/** Ties of more functions than this (the ranking's default length) are not broken. */
export const TIE_GROUP_LIMIT = 20;

export function spectrumTieBreak(
  executions: readonly Execution[],
  candidates: readonly CodeSymbol[],
  spectrum: SignalScores,
  limit = TIE_GROUP_LIMIT,
): SignalScores {
  const out: SignalScores = new Map();
  const top = Math.max(0, ...[...spectrum.values()].map((hit) => hit.strength));
  const tied = candidates.filter((s) => spectrum.get(s.id)?.strength === top);
  if (top === 0 || tied.length < 2 || tied.length > limit) return out;
  const entered = new Map<string, number>();
  for (const { symbol, lines, runs } of ranCandidates(executions, tied)) {
    let passing = 0;
    for (const { failed, tests, entry } of runs)
      if (
        !failed &&
        entry &&
        (lines.some((l) => entry.lines.has(l)) ||
          ranByName(entry.functionNames, symbol.name, symbol.qualifiedName))
      )
        passing += tests;
    entered.set(symbol.id, passing);
  }
  const counts = [...entered.values()];
  const fewest = Math.min(...counts);
  const most = Math.max(...counts);
  if (fewest === most) return out;
  const first = counts.filter((n) => n === fewest).length;
  const level = top.toFixed(2);
  for (const [id, passing] of entered)
    out.set(
      id,
      passing === fewest
        ? {
            strength: 1,
            detail: `tied at spectrum ${level} with ${tied.length - 1} other function(s); ${enteredBy(passing)} entered it, while passing tests entered ${tied.length - first} of the others: placed before them`,
          }
        : {
            // Weighs nothing: says why a tied function went below the others.
            strength: 0,
            detail: `tied at spectrum ${level} with ${tied.length - 1} other function(s); ${enteredBy(passing)} entered it (another branch than the failing tests'), ${enteredBy(fewest)} entered ${first} of the others: placed after them`,
          },
    );
  return out;
}

function enteredBy(passing: number): string {
  return passing === 0 ? "no sampled passing test" : `${passing} sampled passing test(s)`;
}
