// The alert a finished run raises, if any, as parameters for the notifier's templates: from the
// run record, its persisted steps and its outcome. Cancelled runs and plain successes raise none.
import type { AlertEvent, AlertKind } from "../notify/alert-event.ts";
import type { RunRecord, StepRecord } from "../store/store.ts";
import type { RunOutcome } from "./run-executor.ts";

export function alertFromRun(
  run: RunRecord,
  steps: StepRecord[],
  outcome: RunOutcome,
  links: { pr: string | null; trace: string | null },
  at: Date,
): AlertEvent | null {
  const kind = kindOf(run, outcome);
  if (kind === null) return null;
  const failedAt = steps.findIndex((s) => s.status === "failed");
  const stageIndex = failedAt >= 0 ? failedAt : steps.length - 1;
  return {
    kind,
    runId: run.id,
    runName: `${run.verb} ${run.repo}${run.pr === null ? "" : `#${run.pr}`}`,
    repo: run.repo,
    pr: run.pr,
    stage:
      stageIndex >= 0 ? { index: stageIndex + 1, total: steps.length, name: steps[stageIndex]!.kind } : null,
    failureClass: outcome.alert?.failureClass ?? (kind === "run_gave_up" ? "failed" : kind),
    summary: outcome.summary,
    retries: outcome.alert?.retries ?? 0,
    toolChain: chainOf(steps),
    suggestion: outcome.alert?.suggestion ?? defaultSuggestion[kind],
    links,
    triggeredBy: run.requester,
    at: at.toISOString(),
  };
}

const defaultSuggestion = {
  run_gave_up: "read_log",
  fix_ready: "review_fix",
  needs_person: "approve_change",
  workflow_failed: "check_workflow",
} as const satisfies Record<AlertKind, AlertEvent["suggestion"]>;

function kindOf(run: RunRecord, outcome: RunOutcome): AlertKind | null {
  if (outcome.status === "failed") return run.verb === "workflow" ? "workflow_failed" : "run_gave_up";
  if (outcome.status === "needs_input") return "needs_person";
  return run.verb === "fix" ? "fix_ready" : null;
}

// Step kinds in order, a repeated kind once per stretch ("exec → exec → exec" reads as one "exec").
function chainOf(steps: StepRecord[]): string[] {
  const chain: string[] = [];
  for (const step of steps) if (chain[chain.length - 1] !== step.kind) chain.push(step.kind);
  return chain.slice(-12);
}
