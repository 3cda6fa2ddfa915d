// GET /v1/runs/{id}/events: the run's progress as Server-Sent Events, read from the store (so it
// works whichever worker process runs it). Each persisted step gives `step.started` and
// `step.finished`, each status change `status`; the stream always ends with one `outcome` event once
// the run has ended, then closes.
import type { ServerResponse } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import type { RunStatus, StepRecord, Store } from "../store/store.ts";
import type { RunEvent } from "./api-schemas.ts";

type EndedStatus = Exclude<RunStatus, "queued" | "running">;
const isEnded = (status: RunStatus): status is EndedStatus => status !== "queued" && status !== "running";

export interface RunEventsDeps {
  store: Store;
  pollMs: number;
}

export function streamRunEvents(deps: RunEventsDeps, runId: string, signal: AbortSignal) {
  return async (res: ServerResponse): Promise<void> => {
    res.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store",
      "x-accel-buffering": "no",
    });
    let seq = 0;
    const send = (event: RunEvent) =>
      res.write(`id: ${++seq}\nevent: ${event.event}\ndata: ${JSON.stringify(event)}\n\n`);
    const seen = new Map<string, StepRecord["status"]>();
    let lastStatus: RunStatus | null = null;
    while (!signal.aborted) {
      const run = await deps.store.getRun(runId);
      if (!run) break;
      for (const event of stepEvents(await deps.store.listSteps(runId), seen)) send(event);
      if (run.status !== lastStatus) send({ event: "status", status: (lastStatus = run.status) });
      if (isEnded(run.status)) {
        send({ event: "outcome", status: run.status, reason: run.reason, endedAt: run.endedAt });
        break;
      }
      await sleep(deps.pollMs, undefined, { signal }).catch(() => undefined);
    }
    res.end();
  };
}

/** Events for what changed in the steps since the last poll; `seen` is updated. */
function stepEvents(steps: readonly StepRecord[], seen: Map<string, StepRecord["status"]>): RunEvent[] {
  const events: RunEvent[] = [];
  for (const step of steps) {
    const before = seen.get(step.stepId);
    if (before === step.status) continue;
    // A retried step is running again after a failure: it starts anew.
    if (before === undefined || step.status === "running")
      events.push({ event: "step.started", stepId: step.stepId, kind: step.kind, at: step.startedAt });
    if (step.status !== "running")
      events.push({
        event: "step.finished",
        stepId: step.stepId,
        kind: step.kind,
        status: step.status,
        at: step.endedAt ?? step.startedAt,
        error: step.error,
      });
    seen.set(step.stepId, step.status);
  }
  return events;
}
