// What an alert about a fix run says: why it stopped (a stable class, not the reason's wording),
// how many repair rounds ran, and what a person should do next.
import type { RunOutcome } from "../../runs/run-executor.ts";
import type { FixRunOutcome } from "./verify-with-workflows.ts";

export function fixAlert(outcome: FixRunOutcome, refused: boolean): NonNullable<RunOutcome["alert"]> {
  const retries = outcome.rounds;
  if (outcome.status === "done" && !refused)
    return { failureClass: "fixed", retries, suggestion: "review_fix" };
  if (outcome.status === "needs_input")
    return { failureClass: "held", retries, suggestion: "approve_change" };
  if (refused) return { failureClass: "delivery_refused", retries, suggestion: "read_log" };
  // The change passed its own checks; a verify.workflows workflow did not (or could not run).
  if (outcome.workflows?.some((w) => w.status !== "succeeded"))
    return { failureClass: "verification_workflow_failed", retries, suggestion: "fix_workflow" };
  if (outcome.budgetStop) return { failureClass: "budget_exceeded", retries, suggestion: "raise_budget" };
  if (outcome.install?.status === "failed" || outcome.install?.status === "refused")
    return { failureClass: "install_failed", retries, suggestion: "read_log" };
  if (outcome.reproduction?.outcome === "environment" || outcome.reproduction?.outcome === "not_reproduced")
    return { failureClass: `ci_${outcome.reproduction.outcome}`, retries, suggestion: "read_log" };
  if (retries > 0) return { failureClass: "repairs_exhausted", retries, suggestion: "fix_by_hand" };
  return { failureClass: "not_fixable", retries, suggestion: "read_log" };
}
