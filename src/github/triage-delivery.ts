// The worker side of a webhook: a queued delivery is parsed again from the store (data at rest is
// parsed, never cast) and handed to its handler with an installation client. Everything that talks
// to GitHub for a delivery happens here, never on the webhook path (issue 19).
import type { z } from "zod";
import type { TriageHandler } from "../runs/triage-loop.ts";
import type { TriageJob } from "../store/store.ts";
import { checkFailureOf } from "./check-failure-of.ts";
import type { GitHubClient } from "./github-client.ts";
import { handleCheckFailure } from "./handle-check-failure.ts";
import { handleComment } from "./handle-comment.ts";
import { handleLabel } from "./handle-label.ts";
import { handlePrClosed, pullRequestClosedPayload } from "./handle-pr-closed.ts";
import type { HandlerDeps } from "./handler-deps.ts";
import {
  checkRunCompletedPayload,
  issueCommentPayload,
  pullRequestLabeledPayload,
  pullRequestSynchronizePayload,
  pushPayload,
  workflowRunCompletedPayload,
} from "./payloads.ts";
import { handleBaseMoved } from "./handle-base-moved.ts";
import { handlePrSynchronize } from "./handle-pr-synchronize.ts";

export interface TriageDeliveryDeps extends HandlerDeps {
  appId: number;
  installationOctokit: (installationId: number | null) => Promise<GitHubClient>;
}

export function createTriageDelivery(deps: TriageDeliveryDeps): TriageHandler {
  return async (job, once) => {
    const parse = <T>(schema: z.ZodType<T>): T => schema.parse(job.payload);
    const octokit = () => deps.installationOctokit(job.installationId);
    const triageDeps = { ...deps, once };
    switch (key(job)) {
      case "issue_comment.created":
        return handleComment(await octokit(), parse(issueCommentPayload), triageDeps);
      case "pull_request.labeled":
        return handleLabel(await octokit(), parse(pullRequestLabeledPayload), triageDeps);
      case "pull_request.closed": {
        const { repository, pull_request } = parse(pullRequestClosedPayload);
        const ref = { owner: repository.owner.login, repo: repository.name };
        await handlePrClosed(
          await octokit(),
          {
            ref,
            repositoryId: repository.node_id,
            fullName: repository.full_name,
            prNumber: pull_request.number,
          },
          triageDeps,
        );
        return;
      }
      case "pull_request.synchronize":
        return handlePrSynchronize(await octokit(), parse(pullRequestSynchronizePayload), triageDeps);
      case "push":
        return handleBaseMoved(await octokit(), parse(pushPayload), triageDeps);
      case "check_run.completed": {
        const failure = checkFailureOf(
          { event: "check_run", payload: parse(checkRunCompletedPayload) },
          deps.appId,
        );
        return handleCheckFailure(await octokit(), failure, triageDeps);
      }
      case "workflow_run.completed": {
        const payload = parse(workflowRunCompletedPayload);
        const failure = checkFailureOf({ event: "workflow_run", payload }, deps.appId);
        return handleCheckFailure(await octokit(), failure, triageDeps);
      }
      default:
        deps.log.warn({ deliveryId: job.deliveryId, event: key(job) }, "no triage for this event; ignored");
    }
  };
}

const key = (job: TriageJob) => (job.action ? `${job.event}.${job.action}` : job.event);
