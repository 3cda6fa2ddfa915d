// POST /v1/runs/{id}/approve: a person (a token with approve scope) lets a run apply the high-risk
// changes it held, and the run resumes with them. Only a run that needs input can be approved, and
// only the steps its last outcome names as held; the RunApprover port resumes it (xihe serve: the
// `xihe fix --resume` of that checkout).
import { z } from "zod";
import type { RunRecord, StepRecord, Store } from "../store/store.ts";
import { approveRequest, problemDocument, runView, type ApproveRequest } from "./api-schemas.ts";
import type { ApiRoute } from "./api-route.ts";
import { ApiProblem } from "./problem.ts";
import { visibleRun } from "./run-routes.ts";
import { toRunView } from "./run-view.ts";

export interface RunApprover {
  /** Starts the run again with these held steps approved; `detail` says why it cannot. */
  approve(run: RunRecord, steps: string[]): Promise<{ ok: true } | { ok: false; detail: string }>;
}

const problem = (description: string) => ({
  description,
  schema: problemDocument,
  contentType: "application/problem+json",
});

const heldOutcome = z.object({ heldStep: z.string().nullable() });

export function approveRoute(deps: { store: Store; approver: RunApprover }): ApiRoute {
  return {
    operationId: "approveRun",
    method: "POST",
    path: "/v1/runs/{id}/approve",
    summary: "Apply a run's held high-risk changes and resume it",
    scope: "approve",
    body: approveRequest,
    responses: {
      202: { description: "The run, resuming with the approved changes", schema: runView },
      404: problem("No such run for this token"),
      409: problem("The run holds no change (it does not need input), or cannot be resumed here"),
      422: problem("A step is not one the run holds"),
    },
    async handle(call) {
      const run = await visibleRun(deps.store, call);
      const { steps } = call.body as ApproveRequest;
      if (run.status !== "needs_input")
        throw new ApiProblem(
          "conflict",
          `run ${run.id} is ${run.status}; only a run that needs input holds changes`,
        );
      const held = heldSteps(await deps.store.listSteps(run.id));
      const unknown = steps.filter((s) => !held.includes(s));
      if (unknown.length > 0)
        throw new ApiProblem(
          "invalid-request",
          `${unknown.join(", ")} is not a change run ${run.id} holds; it holds ${held.join(", ") || "none"}`,
        );
      const approved = await deps.approver.approve(run, steps);
      if (!approved.ok) throw new ApiProblem("conflict", approved.detail);
      const now = (await deps.store.getRun(run.id)) ?? run;
      return { status: 202, json: toRunView(now, await deps.store.listSteps(run.id)) };
    },
  };
}

/** The held step the run's last outcome names (a resumed run may hold another one later). */
function heldSteps(steps: readonly StepRecord[]): string[] {
  const results = steps.filter((s) => s.kind === "result" && s.status === "succeeded");
  const last = results[results.length - 1];
  const parsed = last ? heldOutcome.safeParse(last.output) : null;
  return parsed?.success && parsed.data.heldStep ? [parsed.data.heldStep] : [];
}
