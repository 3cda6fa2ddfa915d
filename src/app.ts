// The GitHub App's webhook path: each delivery is parsed, filtered by cheap local rules (a command,
// the fix label, a failed check on a PR), deduplicated and queued for triage in the store, then
// answered; the worker is woken (or the job added to the shared queue) without waiting for it. It never calls GitHub (issue 19): the worker's triage (github/triage-delivery.ts) reads
// the config, checks who asks and replies. Follow one webhook from here to a pushed commit.
import type { Webhooks } from "@octokit/webhooks";
import { z } from "zod";
import type { Logger } from "./logger.ts";
import { checkFailureOf } from "./github/check-failure-of.ts";
import { actionablePrs } from "./github/handle-check-failure.ts";
import { isCommandComment } from "./github/handle-comment.ts";
import { isFixLabelRequest } from "./github/handle-label.ts";
import { pullRequestClosedPayload } from "./github/handle-pr-closed.ts";
import {
  checkRunCompletedPayload,
  issueCommentPayload,
  pullRequestLabeledPayload,
  pullRequestSynchronizePayload,
  pushPayload,
  workflowRunCompletedPayload,
} from "./github/payloads.ts";
import { movesDefaultBranch } from "./github/handle-base-moved.ts";
import type { Json, Store } from "./store/store.ts";

export interface AppOptions {
  /** Our own App id: check runs it created never trigger a run. */
  appId: number;
  store: Store;
  log: Logger;
  now: () => Date;
  /**
   * Starts the worker on the recorded triage job (or adds it to the shared queue, XIHE_QUEUE, after
   * the answer); must not throw. The delivery is in the store already, so the answer never waits.
   */
  wakeWorker: (delivery: { deliveryId: string; installationId: number | null }) => void;
}

const handled = new Set([
  "issue_comment.created",
  "pull_request.labeled",
  "pull_request.closed",
  "pull_request.synchronize",
  "push",
  "check_run.completed",
  "workflow_run.completed",
  "installation.created",
  "installation.deleted",
]);

/**
 * Where the handlers are registered: the App's own @octokit/webhooks (no Probot context, so no
 * installation Octokit is built per delivery: the webhook path never calls GitHub), or a Probot
 * (`probot.load`), whose handlers get the same id, name and payload.
 */
export type DeliveryRouter = Pick<Webhooks, "on" | "onAny">;

/** The parts of a delivery the handlers read. */
interface Delivery {
  id: string;
  name: string;
  payload: unknown;
}

export function createXiheApp(deps: AppOptions): (app: DeliveryRouter) => void {
  return (app) => {
    const parse = payloadParser(deps.log);
    const enqueue = deliveryQueue(deps);

    app.on("issue_comment.created", async (context) => {
      const payload = parse(issueCommentPayload, context);
      if (payload && isCommandComment(payload, deps.log)) await enqueue(context, "created", payload);
    });
    app.on("pull_request.labeled", async (context) => {
      const payload = parse(pullRequestLabeledPayload, context);
      if (payload && isFixLabelRequest(payload)) await enqueue(context, "labeled", payload);
    });
    app.on("pull_request.closed", async (context) => {
      const payload = parse(pullRequestClosedPayload, context);
      if (payload) await enqueue(context, "closed", payload);
    });
    // A push may have committed Xihe's suggestions; the triage decides (one store read).
    app.on("pull_request.synchronize", async (context) => {
      const payload = parse(pullRequestSynchronizePayload, context);
      if (payload && payload.pull_request.state === "open") await enqueue(context, "synchronize", payload);
    });
    // The default branch moved: its conflicting upgrade PRs are rebuilt (the triage asks GitHub).
    app.on("push", async (context) => {
      const payload = parse(pushPayload, context);
      if (payload && movesDefaultBranch(payload)) await enqueue(context, "", payload);
    });
    app.on("check_run.completed", async (context) => {
      const payload = parse(checkRunCompletedPayload, context);
      if (payload && actionablePrs(checkFailureOf({ event: "check_run", payload }, deps.appId)).length > 0)
        await enqueue(context, "completed", payload);
    });
    app.on("workflow_run.completed", async (context) => {
      const payload = parse(workflowRunCompletedPayload, context);
      if (payload && actionablePrs(checkFailureOf({ event: "workflow_run", payload }, deps.appId)).length > 0)
        await enqueue(context, "completed", payload);
    });
    app.on(["installation.created", "installation.deleted"], async (context) => {
      deps.log.info(
        { installationId: context.payload.installation.id, action: context.payload.action },
        "installation changed",
      );
    });
    app.onAny(async (context) => logIfUnsupported(deps.log, context));
  };
}

/** Parses a delivery's payload; one that does not parse is logged (why, in short) and dropped. */
function payloadParser(log: Logger) {
  return <T>(schema: z.ZodType<T>, context: Delivery): T | null => {
    const result = schema.safeParse(context.payload);
    if (result.success) return result.data;
    log.warn(
      { deliveryId: context.id, event: context.name, issues: result.error.issues.slice(0, 5) },
      "payload did not parse; ignored",
    );
    return null;
  };
}

/** Queues a delivery for triage once (a redelivery is ignored) and wakes the worker. */
function deliveryQueue(deps: AppOptions) {
  // The trimmed payload (the schema's output) is what the triage parses again in the worker.
  return async (context: Delivery, action: string, payload: Json & { installation?: { id: number } }) => {
    const installationId = payload.installation?.id ?? null;
    const fresh = await deps.store.enqueueDelivery({
      deliveryId: context.id,
      event: context.name,
      action,
      installationId,
      payload,
      receivedAt: deps.now().toISOString(),
    });
    if (!fresh) return deps.log.info({ deliveryId: context.id }, "duplicate delivery ignored");
    deps.wakeWorker({ deliveryId: context.id, installationId });
  };
}

function logIfUnsupported(log: Logger, context: { id: string; name: string; payload: object }): void {
  const action =
    "action" in context.payload && typeof context.payload.action === "string" ? context.payload.action : null;
  const key = action ? `${context.name}.${action}` : context.name;
  if (!handled.has(key))
    log.debug({ deliveryId: context.id, event: key }, "ignored: unsupported event/action");
}
