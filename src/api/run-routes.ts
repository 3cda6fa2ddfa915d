// The operations on one run: read it, follow its events, cancel it. A run outside the token's
// repository pattern is answered like a missing one, so a token learns nothing about other repos.
import type { RunRecord, Store } from "../store/store.ts";
import { problemDocument, runEvent, runView } from "./api-schemas.ts";
import type { ApiCall, ApiRoute } from "./api-route.ts";
import { ApiProblem } from "./problem.ts";
import { toRunView } from "./run-view.ts";
import { streamRunEvents } from "./stream-run-events.ts";

export interface RunRoutesDeps {
  store: Store;
  now: () => Date;
  /** Aborts the run if this process's worker holds it. */
  cancelRun: (runId: string) => void;
  eventPollMs: number;
}

const problem = (description: string) => ({
  description,
  schema: problemDocument,
  contentType: "application/problem+json",
});

export function runRoutes(deps: RunRoutesDeps): ApiRoute[] {
  return [
    {
      operationId: "getRun",
      method: "GET",
      path: "/v1/runs/{id}",
      summary: "A run: its status, reason and persisted steps",
      scope: "read",
      responses: {
        200: { description: "The run", schema: runView },
        404: problem("No such run for this token"),
      },
      async handle(call) {
        const run = await visibleRun(deps.store, call);
        return { status: 200, json: toRunView(run, await deps.store.listSteps(run.id)) };
      },
    },
    {
      operationId: "getRunEvents",
      method: "GET",
      path: "/v1/runs/{id}/events",
      summary: "Server-Sent Events of the run: step.started, step.finished, status; ends with outcome",
      scope: "read",
      responses: {
        200: {
          description: "An event stream; each data line is a RunEvent",
          schema: runEvent,
          contentType: "text/event-stream",
        },
        404: problem("No such run for this token"),
      },
      async handle(call) {
        const run = await visibleRun(deps.store, call);
        return {
          stream: streamRunEvents({ store: deps.store, pollMs: deps.eventPollMs }, run.id, call.signal),
        };
      },
    },
    {
      operationId: "cancelRun",
      method: "POST",
      path: "/v1/runs/{id}/cancel",
      summary: "Cancel a queued or running run",
      scope: "run",
      responses: {
        200: { description: "The run, now cancelled", schema: runView },
        404: problem("No such run for this token"),
        409: problem("The run has already ended"),
      },
      async handle(call) {
        const run = await visibleRun(deps.store, call);
        if (run.status !== "queued" && run.status !== "running")
          throw new ApiProblem("conflict", `run ${run.id} has already ended (${run.status})`);
        const cancelled = await deps.store.updateRun(run.id, {
          status: "cancelled",
          reason: `cancelled through the API (token ${call.token?.id ?? "?"})`,
          endedAt: deps.now().toISOString(),
        });
        deps.cancelRun(run.id);
        return { status: 200, json: toRunView(cancelled, await deps.store.listSteps(run.id)) };
      },
    },
  ];
}

/** The run of the path, if the token may see it; else not-found, as for a missing run. */
export async function visibleRun(store: Store, call: ApiCall): Promise<RunRecord> {
  const id = call.params.id!;
  const run = await store.getRun(id);
  const missing = new ApiProblem("not-found", `no run ${id} that this token may see`);
  if (!run) throw missing;
  try {
    call.allowRepo(run.repo);
  } catch {
    throw missing;
  }
  call.audit.runId = run.id;
  return run;
}
