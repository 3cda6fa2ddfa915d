// The GitHub App: routes each webhook to its handler. Handlers parse the payload, check who asks,
// record a run and return; the worker does the work. Follow one webhook from here to a pushed commit.
import type { ApplicationFunction, Context } from "probot";
import { z } from "zod";
import type { HandlerDeps } from "./github/handler-deps.ts";
import { handleCheckFailure } from "./github/handle-check-failure.ts";
import { handleComment } from "./github/handle-comment.ts";
import { handleLabel } from "./github/handle-label.ts";
import { handlePrClosed } from "./github/handle-pr-closed.ts";
import {
  checkRunCompletedPayload,
  issueCommentPayload,
  pullRequestLabeledPayload,
  workflowRunCompletedPayload,
  type RepositoryPayload,
} from "./github/payloads.ts";

export interface AppOptions extends HandlerDeps {
  /** Our own App id: check runs it created never trigger a run. */
  appId: number;
}

const handled = new Set([
  "issue_comment.created",
  "pull_request.labeled",
  "pull_request.closed",
  "check_run.completed",
  "workflow_run.completed",
  "installation.created",
  "installation.deleted",
]);

export function createXiheApp(deps: AppOptions): ApplicationFunction {
  return (app) => {
    const parse = <T>(schema: z.ZodType<T>, context: Context): T | null => {
      const result = schema.safeParse(context.payload);
      if (result.success) return result.data;
      deps.log.warn(
        { deliveryId: context.id, event: context.name, issues: result.error.issues.slice(0, 5) },
        "payload did not parse; ignored",
      );
      return null;
    };

    app.on("issue_comment.created", async (context) => {
      const payload = parse(issueCommentPayload, context);
      if (payload) await handleComment(context.octokit, payload, context.id, deps);
    });
    app.on("pull_request.labeled", async (context) => {
      const payload = parse(pullRequestLabeledPayload, context);
      if (payload) await handleLabel(context.octokit, payload, context.id, deps);
    });
    app.on("pull_request.closed", async (context) => {
      const { repository, pull_request } = context.payload;
      await handlePrClosed(
        context.octokit,
        {
          ref: { owner: repository.owner.login, repo: repository.name },
          fullName: repository.full_name,
          prNumber: pull_request.number,
          deliveryId: context.id,
        },
        deps,
      );
    });
    app.on("check_run.completed", async (context) => {
      const p = parse(checkRunCompletedPayload, context);
      if (!p) return;
      const { name, conclusion, head_sha, pull_requests } = p.check_run;
      const fromXihe = p.check_run.app?.id === deps.appId;
      const failure = { name, conclusion, headSha: head_sha, pullRequests: pull_requests, fromXihe };
      await handleCheckFailure(context.octokit, { ...failure, ...origin(context.id, "check_run", p) }, deps);
    });
    app.on("workflow_run.completed", async (context) => {
      const p = parse(workflowRunCompletedPayload, context);
      if (!p) return;
      const { name, conclusion, head_sha, pull_requests } = p.workflow_run;
      const failure = {
        name: name ?? "workflow",
        conclusion,
        headSha: head_sha,
        pullRequests: pull_requests,
      };
      await handleCheckFailure(
        context.octokit,
        { ...failure, fromXihe: false, ...origin(context.id, "workflow_run", p) },
        deps,
      );
    });
    app.on(["installation.created", "installation.deleted"], async (context) => {
      deps.log.info(
        { installationId: context.payload.installation.id, action: context.payload.action },
        "installation changed",
      );
    });
    app.onAny(async (context) => {
      const action =
        "action" in context.payload && typeof context.payload.action === "string"
          ? context.payload.action
          : null;
      const key = action ? `${context.name}.${action}` : context.name;
      if (!handled.has(key))
        deps.log.debug({ deliveryId: context.id, event: key }, "ignored: unsupported event/action");
    });
  };
}

/** Where a check failure came from: the delivery, the repository and the installation. */
function origin(
  deliveryId: string,
  event: "check_run" | "workflow_run",
  p: { repository: RepositoryPayload; installation?: { id: number } | undefined },
) {
  const r = p.repository;
  return {
    deliveryId,
    event,
    repo: { owner: r.owner.login, repo: r.name, fullName: r.full_name, defaultBranch: r.default_branch },
    installationId: p.installation?.id ?? null,
  };
}
