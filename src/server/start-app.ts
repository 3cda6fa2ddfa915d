// Starts the GitHub App in one process: webhook server + worker + SQLite. This is the only place
// that reads the environment and constructs the App's adapters.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { Probot } from "probot";
import { createXiheApp } from "../app.ts";
import { modelFromEnv } from "../model-from-env.ts";
import { loadEnv, requireAppEnv, type Env } from "../config.ts";
import { createPermissionCache } from "../github/collaborator-permission.ts";
import { createGitHubReporter } from "../github/github-reporter.ts";
import { githubUrls, type GitHubUrls } from "../github/github-urls.ts";
import { appRunTokens } from "../github/mint-run-token.ts";
import { redeliverFailed } from "../github/redeliver-failed.ts";
import { listScheduledRepositories, queueScheduledUpgrade } from "../github/scheduled-repositories.ts";
import { timedFetch } from "../github/timed-fetch.ts";
import { createTriageDelivery } from "../github/triage-delivery.ts";
import { createXiheOctokit } from "../github/xihe-octokit.ts";
import { createLogger, type Logger } from "../logger.ts";
import { checkGitVersion } from "../runs/check-git-version.ts";
import { recoverInterruptedRuns } from "../runs/recover-interrupted.ts";
import { archiveEndedRun, localRunArchive } from "../runs/run-archive.ts";
import { createUpgradeScheduler } from "../runs/upgrade-scheduler.ts";
import { createWorker, type Worker } from "../runs/worker.ts";
import { openStore } from "../store/open-store.ts";
import type { Store } from "../store/store.ts";
import { buildGitHubExecutors } from "./github-executors.ts";
import { startAppAlerts, type AppAlerts } from "./app-alerts.ts";
import { createAppApi } from "./app-api.ts";
import { createWebhookServer } from "./webhook-server.ts";

/** Bound on one request to GitHub's API; log archives (blob downloads) get longer. */
const githubRequestTimeoutMs = 20_000;
const blobDownloadTimeoutMs = 120_000;

export interface StartOptions {
  /** How often the missed-delivery recovery runs (it also runs once at start-up). */
  redeliverIntervalMs?: number;
}

export async function startApp(
  processEnv: NodeJS.ProcessEnv = process.env,
  options: StartOptions = {},
): Promise<{ close(): Promise<void> }> {
  const env = loadEnv(processEnv);
  const appEnv = requireAppEnv(env);
  const log = createLogger({ level: env.LOG_LEVEL ?? "info" });
  const gitVersion = checkGitVersion(execFileSync("git", ["--version"], { encoding: "utf8" }));
  const privateKey = appEnv.privateKey ?? readFileSync(env.PRIVATE_KEY_PATH!, "utf8");
  const store = openStore(env.XIHE_STORE);
  const github = githubUrls(env);
  const Octokit = createXiheOctokit(log, {
    retryAndThrottle: true,
    requestTimeoutMs: githubRequestTimeoutMs,
  });
  const probot = new Probot({
    appId: appEnv.appId,
    privateKey,
    secret: appEnv.secret,
    Octokit,
    baseUrl: github.api,
    log: log.child({ name: "probot" }),
  });
  const now = () => new Date();
  const workerId = `worker-${process.pid}-${randomBytes(3).toString("hex")}`;
  const app: AppParts = { env, processEnv, appId: Number(appEnv.appId), log, store, probot, now, github };
  const alerts = startAppAlerts(app);
  const worker = createAppWorker(app, workerId, alerts);
  const recovered = await recoverInterruptedRuns({ store, now, workerId });
  await probot.load(createXiheApp({ appId: app.appId, store, log, now, wakeWorker: () => worker.wake() }));
  const server = createWebhookServer({
    webhooks: probot.webhooks,
    webhooksPath: "/api/github/webhooks",
    log,
    api: createAppApi(app, worker),
  });
  await new Promise<void>((resolve) => server.listen(env.PORT, env.HOST, resolve));
  // The bound port, not the configured one: PORT=0 asks the system for a free port.
  const { port } = server.address() as AddressInfo;
  worker.start();
  log.info(
    { port, github: github.web, gitVersion, store: env.XIHE_STORE, ...recovered },
    "xihe app listening",
  );
  const recovery = every(options.redeliverIntervalMs ?? 10 * 60_000, () => redeliveryPass(app));
  const schedule = startUpgradeSchedule(app, () => worker.wake());
  return {
    async close() {
      await recovery.stop();
      await schedule.stop();
      await new Promise((resolve) => server.close(resolve));
      await worker.stop();
      await alerts.stop();
      await store.close();
    },
  };
}

/** The adapters built once at start-up and shared by the worker, the triage and the recovery. */
interface AppParts {
  env: Env;
  processEnv: NodeJS.ProcessEnv;
  appId: number;
  log: Logger;
  store: Store;
  probot: Probot;
  now: () => Date;
  github: GitHubUrls;
}

/** The worker that runs queued runs, with the triage of deliveries that wakes and cancels it. */
function createAppWorker(app: AppParts, workerId: string, alerts: AppAlerts): Worker {
  const { env, store, log, now, probot } = app;
  const triage = createTriageDelivery({
    appId: app.appId,
    store,
    log,
    now,
    newRunId: () => `r${randomBytes(5).toString("hex")}`,
    permissions: createPermissionCache(),
    wakeWorker: () => worker.wake(),
    cancelRun: (id) => worker.cancel(id),
    installationOctokit: (id) => probot.auth(id ?? undefined),
    github: app.github,
  });
  const worker = createWorker({
    store,
    log,
    now,
    workerId,
    concurrency: env.XIHE_WORKER_CONCURRENCY,
    executors: buildGitHubExecutors({
      env,
      installationOctokit: (id) => probot.auth(id),
      runTokens: appRunTokens(() => probot.auth()),
      store,
      log,
      now,
      newId: () => randomBytes(4).toString("hex"),
      random: Math.random,
      fetch: timedFetch(blobDownloadTimeoutMs),
      complete: modelFromEnv(env, 1200),
      hostEnv: app.processEnv,
      github: app.github,
    }),
    reporterFor: (run) =>
      alerts.reporter(
        run,
        createGitHubReporter(() => probot.auth(run.installationId ?? undefined), now),
      ),
    triage: { handle: triage, concurrency: 4 },
    onEnded: (runId) =>
      void archiveEndedRun(
        { archive: localRunArchive(env.XIHE_ARCHIVE), store, log, attempts: 5, retryDelayMs: 30_000 },
        runId,
      ),
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
