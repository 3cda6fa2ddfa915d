// Starts the GitHub App: the webhook server and, by default, the in-process worker on the store.
// With XIHE_QUEUE the process only validates, records and enqueues; `xihe worker` runs the jobs.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { Webhooks } from "@octokit/webhooks";
import { createXiheApp } from "../app.ts";
import { redeliverFailed } from "../github/redeliver-failed.ts";
import { checkGitVersion } from "../runs/check-git-version.ts";
import { recoverInterruptedRuns } from "../runs/recover-interrupted.ts";
import { storeLabel } from "../store/open-store.ts";
import { listScheduledRepositories, queueScheduledUpgrade } from "../github/scheduled-repositories.ts";
import { createUpgradeScheduler } from "../runs/upgrade-scheduler.ts";
import { createWorker, type Worker } from "../runs/worker.ts";
import { connectAppQueue } from "./app-queue.ts";
import { appRunDeps, createAppParts, type AppParts } from "./app-parts.ts";
import { startAppAlerts, type AppAlerts } from "./app-alerts.ts";
import { createAppApi } from "./app-api.ts";
import { createTracePages } from "./trace-pages.ts";
import { createWebhookServer } from "./webhook-server.ts";
import { detectSandboxSupport } from "../workspace/sandbox/sandbox-support.ts";

export interface StartOptions {
  /** How often the missed-delivery recovery runs (it also runs once at start-up). */
  redeliverIntervalMs?: number;
}

export async function startApp(
  processEnv: NodeJS.ProcessEnv = process.env,
  options: StartOptions = {},
): Promise<{ close(): Promise<void> }> {
  const parts = await createAppParts(processEnv);
  const { env, log, now } = parts;
  const gitVersion = checkGitVersion(execFileSync("git", ["--version"], { encoding: "utf8" }));
  const workerId = `worker-${process.pid}-${randomBytes(3).toString("hex")}`;
  // XIHE_QUEUE: this process records and enqueues; `xihe worker` processes run triage and runs.
  const shared = env.XIHE_QUEUE ? connectAppQueue(env.XIHE_QUEUE, parts.store, log) : null;
  const app: AppParts = shared ? { ...parts, store: shared.store } : parts;
  const alerts = startAppAlerts(app);
  const worker = shared ? null : createAppWorker(app, workerId, alerts);
  const recovered = worker ? await recoverInterruptedRuns({ store: app.store, now, workerId }) : {};
  // Deliveries are routed by @octokit/webhooks itself, not Probot's copy: Probot builds an
  // installation Octokit for every delivery, which the webhook path (it never calls GitHub) only
  // pays for in CPU while a burst waits for its answers.
  const deliveries = new Webhooks({ secret: env.WEBHOOK_SECRET! });
  createXiheApp({
    appId: app.appId,
    store: app.store,
    log,
    now,
    wakeWorker: shared ? shared.enqueueTriage : () => worker?.wake(),
  })(deliveries);
  const server = createWebhookServer({
    webhooks: deliveries,
    webhooksPath: "/api/github/webhooks",
    log,
    api: createAppApi(app, worker ?? { wake: () => undefined, cancel: (id) => shared?.cancel(id) }),
    tracePage: createTracePages(app),
    readiness: {
      store: () => app.store.ping(),
      // Answering the depth is the queue's readiness; the depth itself feeds the workers' autoscaler.
      ...(shared && { queue: () => refreshQueueDepth(shared, app) }),
    },
    metrics: app.metrics,
  });
  await new Promise<void>((resolve) => server.listen(env.PORT, env.HOST, resolve));
  // The bound port, not the configured one: PORT=0 asks the system for a free port.
  const { port } = server.address() as AddressInfo;
  worker?.start();
  // What runs in this process will be sandboxed with, once, where an operator reads it (e.g. bwrap
  // without its own hostname inside a container, or no cgroup limits for a non-root user).
  if (worker) log.info({ sandbox: detectSandboxSupport(workerId).notes }, "sandbox support");
  log.info(
    {
      port,
      github: parts.github.web,
      gitVersion,
      store: storeLabel(env.XIHE_STORE),
      queue: shared ? "redis" : "in-process",
      ...recovered,
    },
    "xihe app listening",
  );
  // Bounded: with Redis away the call would wait for the reconnect and hold close() with it.
  const depth = shared
    ? every(15_000, () =>
        Promise.race([refreshQueueDepth(shared, app), new Promise((r) => setTimeout(r, 5_000).unref())])
          .then(() => undefined)
          .catch(() => undefined),
      )
    : null;
  const recovery = every(options.redeliverIntervalMs ?? 10 * 60_000, () => redeliveryPass(app));
  const schedule = startUpgradeSchedule(app, () => worker?.wake());
  return {
    async close() {
      await recovery.stop();
      await depth?.stop();
      await schedule.stop();
      await new Promise((resolve) => server.close(resolve));
      await worker?.stop();
      await shared?.close();
      await alerts.stop();
      await parts.store.close();
    },
  };
}

/** The in-process worker that runs queued runs, with the triage of deliveries that wakes and cancels it. */
function createAppWorker(app: AppParts, workerId: string, alerts: AppAlerts): Worker {
  const deps = appRunDeps(app, alerts, { wake: () => worker.wake(), cancel: (id) => worker.cancel(id) });
  const worker = createWorker({
    ...deps,
    workerId,
    concurrency: app.env.XIHE_WORKER_CONCURRENCY,
    triage: { handle: deps.triage, concurrency: 4 },
  });
  return worker;
}

/** One pass of the missed-delivery recovery; a failure is logged and the next pass retries. */
function redeliveryPass({ probot, store, log, now }: AppParts): Promise<void> {
  return redeliverFailed({
    appOctokit: () => probot.auth(),
    store,
    log,
    now,
    maxPerPass: 20,
    perPage: 100,
    maxPages: 10,
  })
    .then((r) =>
      log.info({ listed: r.listed, redelivered: r.requested.length }, "missed-delivery recovery pass"),
    )
    .catch((err: unknown) => log.warn({ err }, "missed-delivery recovery pass failed; the next one retries"));
}

/**
 * `deps.schedule`: which repositories are scheduled is re-read every 15 minutes (GitHub calls); due
 * slots are checked every second (the store only), so each installation starts at its own second.
 */
function startUpgradeSchedule({ probot, store, log, now, github }: AppParts, wakeWorker: () => void) {
  const gh = { appOctokit: () => probot.auth(), installationOctokit: (id: number) => probot.auth(id) };
  const scheduler = createUpgradeScheduler({
    store,
    now,
    log,
    listScheduled: () => listScheduledRepositories(gh),
    startUpgrade: async (r) => {
      await queueScheduledUpgrade(
        { ...gh, store, now, github, newRunId: () => `r${randomBytes(5).toString("hex")}` },
        r,
      );
      wakeWorker();
    },
  });
  const refresh = every(15 * 60_000, () =>
    scheduler
      .refresh()
      .catch((err: unknown) => log.warn({ err }, "upgrade schedule refresh failed; retried later")),
  );
  const tick = every(1000, () =>
    scheduler.tick().then(
      () => undefined,
      (err: unknown) => log.warn({ err }, "upgrade schedule check failed"),
    ),
  );
  return {
    async stop() {
      await refresh.stop();
      await tick.stop();
    },
  };
}

/** Runs fn now and every intervalMs, never two passes at once. */
function every(intervalMs: number, fn: () => Promise<void>) {
  let running: Promise<void> | null = null;
  const tick = () => void (running ??= fn().finally(() => (running = null)));
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

async function refreshQueueDepth(
  queue: { waiting(): Promise<{ triage: number; runs: number }> },
  app: AppParts,
): Promise<void> {
  const { triage, runs } = await queue.waiting();
  app.metrics.queueDepth.set({ queue: "runs" }, runs);
  app.metrics.queueDepth.set({ queue: "triage" }, triage);
}
