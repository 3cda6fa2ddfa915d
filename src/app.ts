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
      await handleCheckFailure(
        context.octokit,
        {
          deliveryId: context.id,
          event: "check_run",
          name: p.check_run.name,
          conclusion: p.check_run.conclusion,
          headSha: p.check_run.head_sha,
          fromXihe: p.check_run.app?.id === deps.appId,
          pullRequests: p.check_run.pull_requests,
          repo: {
            owner: p.repository.owner.login,
            repo: p.repository.name,
            fullName: p.repository.full_name,
            defaultBranch: p.repository.default_branch,
          },
          installationId: p.installation?.id ?? null,
        },
        deps,
      );
    });
    app.on("workflow_run.completed", async (context) => {
      const p = parse(workflowRunCompletedPayload, context);
      if (!p) return;
      await handleCheckFailure(
        context.octokit,
        {
          deliveryId: context.id,
          event: "workflow_run",
          name: p.workflow_run.name ?? "workflow",
          conclusion: p.workflow_run.conclusion,
          headSha: p.workflow_run.head_sha,
          fromXihe: false,
          pullRequests: p.workflow_run.pull_requests,
          repo: {
            owner: p.repository.owner.login,
            repo: p.repository.name,
            fullName: p.repository.full_name,
            defaultBranch: p.repository.default_branch,
          },
          installationId: p.installation?.id ?? null,
        },
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
