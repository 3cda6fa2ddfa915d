// Our zod schemas read a few fields of each webhook; @octokit/webhooks types describe what GitHub
// sends. Checked by the type checker (`npm run typecheck`): every payload GitHub can send for an
// event we handle is accepted by our schema's input type, so a schema never demands a field or a
// type GitHub's documented payload does not have.
import type { EmitterWebhookEvent, EmitterWebhookEventName } from "@octokit/webhooks";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { pullRequestClosedPayload } from "../../src/github/handle-pr-closed.ts";
import {
  checkRunCompletedPayload,
  issueCommentPayload,
  pullRequestLabeledPayload,
  pushPayload,
  workflowRunCompletedPayload,
} from "../../src/github/payloads.ts";

type Sent<E extends EmitterWebhookEventName> = EmitterWebhookEvent<E>["payload"];
/** true when every payload GitHub sends is assignable to what the schema accepts. */
type Accepts<Schema extends z.ZodType, E extends EmitterWebhookEventName> = [Sent<E>] extends [
  z.input<Schema>,
]
  ? true
  : false;

type Not<T extends boolean> = T extends true ? false : true;

describe("webhook payload schemas", () => {
  it("accept every payload @octokit/webhooks says GitHub sends for the events Xihe handles", () => {
    const checks: Record<string, true> = {
      // Known: GitHub's types allow `comment.user: null` (a deleted account); such a comment is
      // logged as unparsed and ignored, which is what a command from nobody should get.
      issueComment: true satisfies Not<Accepts<typeof issueCommentPayload, "issue_comment.created">>,
      labeled: true satisfies Accepts<typeof pullRequestLabeledPayload, "pull_request.labeled">,
      closed: true satisfies Accepts<typeof pullRequestClosedPayload, "pull_request.closed">,
      checkRun: true satisfies Accepts<typeof checkRunCompletedPayload, "check_run.completed">,
      workflowRun: true satisfies Accepts<typeof workflowRunCompletedPayload, "workflow_run.completed">,
      push: true satisfies Accepts<typeof pushPayload, "push">,
    };
    expect(Object.keys(checks)).toHaveLength(6);
  });

  it("parses a workflow_run whose pull_requests holds a null entry, keeping the real PRs", () => {
    const parsed = workflowRunCompletedPayload.parse({
      action: "completed",
      workflow_run: {
        id: 7,
        head_sha: "a".repeat(40),
        conclusion: "failure",
        pull_requests: [null, { number: 3, head: { sha: "a".repeat(40), ref: "feature" } }],
      },
      repository: {
        name: "r",
        full_name: "o/r",
        owner: { login: "o" },
        default_branch: "main",
      },
      sender: { login: "u", type: "User" },
    });
    expect(parsed.workflow_run.pull_requests).toEqual([
      { number: 3, head: { sha: "a".repeat(40), ref: "feature" } },
    ]);
  });
});
