// A `check_run` or `workflow_run` completion as the CheckFailure the triage reads, from its parsed
// payload. Used on the webhook path (is it worth queuing?) and again in the worker's triage.
import type { z } from "zod";
import type { CheckFailure } from "./handle-check-failure.ts";
import type { checkRunCompletedPayload, workflowRunCompletedPayload } from "./payloads.ts";

type CheckRunPayload = z.infer<typeof checkRunCompletedPayload>;
type WorkflowRunPayload = z.infer<typeof workflowRunCompletedPayload>;

export function checkFailureOf(
  input:
    { event: "check_run"; payload: CheckRunPayload } | { event: "workflow_run"; payload: WorkflowRunPayload },
  appId: number,
): CheckFailure {
  const p = input.payload;
  const r = p.repository;
  const origin = {
    repo: { owner: r.owner.login, repo: r.name, fullName: r.full_name, defaultBranch: r.default_branch },
    installationId: p.installation?.id ?? null,
  };
  if (input.event === "check_run") {
    const { name, conclusion, head_sha, pull_requests, app } = input.payload.check_run;
    const fromXihe = app?.id === appId;
    return {
      event: "check_run",
      name,
      conclusion,
      headSha: head_sha,
      pullRequests: pull_requests,
      fromXihe,
      ...origin,
    };
  }
  const { name, conclusion, head_sha, pull_requests } = input.payload.workflow_run;
  return {
    event: "workflow_run",
    name: name ?? "workflow",
    conclusion,
    headSha: head_sha,
    pullRequests: pull_requests,
    fromXihe: false,
    ...origin,
  };
}
