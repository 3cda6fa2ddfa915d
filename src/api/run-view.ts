// A run as the API shows it: the stored record's public fields and its steps, no context or spend
// (they hold trigger internals such as clone URLs).
import type { RunRecord, StepRecord } from "../store/store.ts";
import type { RunView } from "./api-schemas.ts";

export function toRunView(run: RunRecord, steps: readonly StepRecord[]): RunView {
  return {
    id: run.id,
    repo: run.repo,
    pr: run.pr,
    verb: run.verb,
    args: run.args,
    trigger: run.trigger,
    requester: run.requester,
    headSha: run.headSha,
    status: run.status,
    reason: run.reason,
    createdAt: run.createdAt,
    startedAt: run.startedAt,
    endedAt: run.endedAt,
    steps: steps.map((s) => ({
      stepId: s.stepId,
      kind: s.kind,
      status: s.status,
      startedAt: s.startedAt,
      endedAt: s.endedAt,
      error: s.error,
    })),
    links: { self: `/v1/runs/${run.id}`, events: `/v1/runs/${run.id}/events` },
  };
}
