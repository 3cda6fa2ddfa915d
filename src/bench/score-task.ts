// The bench's verdict on one task from the run's outcome and its own re-run (null when the task's
// failing commands did not fail first). Solved means: the failing commands pass, the whole suite
// passes, and no applied change weakens a test; anything else says why not.
import type { FixOutcome } from "../agent/loop/fix-outcome.ts";
import type { BenchRecord } from "./bench-record.ts";
import type { Judgement } from "./judge-fix.ts";

type Score = Pick<BenchRecord, "outcome" | "solved" | "solvedFirstAttempt" | "because">;

export function scoreTask(
  outcome: FixOutcome,
  judgement: Judgement | null,
  weakening: BenchRecord["testWeakening"],
): Score {
  const no = (kind: "not_solved" | "invalid" | "error", because: string): Score => ({
    outcome: kind,
    solved: false,
    solvedFirstAttempt: false,
    because,
  });
  if (outcome.install && (outcome.install.status === "failed" || outcome.install.status === "refused"))
    return no("error", outcome.reason);
  if (!judgement) {
    const passing = outcome.perception.runs.filter((r) => r.exitCode === 0).map((r) => r.command);
    return no(
      "invalid",
      passing.length > 0
        ? `the failing commands must fail before the fix; passed: ${passing.join(", ")}`
        : `the failing commands did not run as a code failure: ${outcome.perception.reason}`,
    );
  }
  const stillFailing = judgement.failing.find((r) => r.exitCode !== 0);
  if (stillFailing)
    return no("not_solved", `${stillFailing.command} still fails (exit ${stillFailing.exitCode})`);
  const suite = judgement.suite.find((r) => r.exitCode !== 0);
  if (suite) {
    const tests = judgement.brokenTests.slice(0, 3).join("; ");
    return no(
      "not_solved",
      `the suite fails after the fix: ${suite.command} exit ${suite.exitCode}${tests ? ` (${tests})` : ""}`,
    );
  }
  const applied = weakening.find((w) => !w.held);
  if (applied) return no("not_solved", `the fix weakens a test: ${applied.kind} in ${applied.path}`);
  return { outcome: "solved", solved: true, solvedFirstAttempt: outcome.rounds <= 1, because: null };
}
