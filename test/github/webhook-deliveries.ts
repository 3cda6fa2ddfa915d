// One signed-delivery payload per event type Xihe subscribes to, each one that would make today's
// handlers act (a command, the fix label, a failed check on a PR), built from the recorded fixtures.
import { commentPayload } from "./app-harness.ts";

export const headSha = "ec26c3e57ca3a959ca5aad62de7213c562f8c821";

export function subscribedDeliveries(): { event: string; payload: unknown }[] {
  const p = commentPayload("");
  const base = { repository: p.repository, sender: p.sender, installation: p.installation };
  const pr = {
    number: 1,
    state: "open",
    head: { sha: headSha, ref: "changes", repo: { full_name: "Codertocat/Hello-World" } },
  };
  const prRefs = [{ number: 1, head: { sha: headSha, ref: "changes" } }];
  return [
    { event: "issue_comment", payload: commentPayload("/xihe fix keep the public API") },
    {
      event: "pull_request",
      payload: { action: "labeled", label: { name: "xihe:fix" }, pull_request: pr, ...base },
    },
    {
      event: "pull_request",
      payload: { action: "closed", pull_request: { ...pr, state: "closed" }, ...base },
    },
    {
      event: "check_run",
      payload: {
        action: "completed",
        check_run: { id: 1, name: "test", head_sha: headSha, conclusion: "failure", pull_requests: prRefs },
        ...base,
      },
    },
    {
      event: "check_suite",
      payload: {
        action: "completed",
        check_suite: { id: 2, head_sha: headSha, conclusion: "failure" },
        ...base,
      },
    },
    {
      event: "workflow_run",
      payload: {
        action: "completed",
        workflow_run: { id: 3, name: "ci", head_sha: headSha, conclusion: "failure", pull_requests: prRefs },
        ...base,
      },
    },
    {
      event: "installation",
      payload: { action: "created", installation: { id: 2311213 }, sender: p.sender },
    },
    { event: "ping", payload: { zen: "Design for failure.", hook_id: 1, hook: { type: "App" } } },
  ];
}
