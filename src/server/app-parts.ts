// What the App process and `xihe worker` processes build the same way from the environment: the
// adapters (store, Probot, logger) and what runs need (executors, reporter, triage of deliveries).
// start-app.ts and start-worker.ts wire them to an in-process worker or to the shared queue.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { Probot } from "probot";
import { modelFromEnv } from "../model-from-env.ts";
import { loadEnv, requireAppEnv, type Env } from "../config.ts";
import { createPermissionCache } from "../github/collaborator-permission.ts";
import { createGitHubReporter } from "../github/github-reporter.ts";
import { githubUrls, type GitHubUrls } from "../github/github-urls.ts";
import { appRunTokens } from "../github/mint-run-token.ts";
import { timedFetch } from "../github/timed-fetch.ts";
import { createTriageDelivery } from "../github/triage-delivery.ts";
import { createXiheOctokit } from "../github/xihe-octokit.ts";
import { createLogger, type Logger } from "../logger.ts";
import type { ExecuteRunDeps } from "../runs/execute-run.ts";
import { openRunArchive } from "../runs/open-run-archive.ts";
import { archiveEndedRun } from "../runs/run-archive.ts";
import type { TriageHandler } from "../runs/triage-loop.ts";
import { openStore } from "../store/open-store.ts";
import type { Store } from "../store/store.ts";
import type { AppAlerts } from "./app-alerts.ts";
import { buildGitHubExecutors } from "./github-executors.ts";
import { countEndedRun, countRunPark, countTriageParks, meteredStore } from "./metered-store.ts";
import { createMetrics, type XiheMetrics } from "./metrics.ts";
import { traceLinks } from "./trace-pages.ts";

/** Bound on one request to GitHub's API; log archives (blob downloads) get longer. */
const githubRequestTimeoutMs = 20_000;
const blobDownloadTimeoutMs = 120_000;

/** The adapters built once at start-up and shared by the worker, the triage and the recovery. */
export interface AppParts {
  env: Env;
  processEnv: NodeJS.ProcessEnv;
  appId: number;
  log: Logger;
  store: Store;
  probot: Probot;
  now: () => Date;
  github: GitHubUrls;
  metrics: XiheMetrics;
}

export async function createAppParts(processEnv: NodeJS.ProcessEnv): Promise<AppParts> {
  const env = loadEnv(processEnv);
  const appEnv = requireAppEnv(env);
  const log = createLogger({ level: env.LOG_LEVEL ?? "info" });
  const privateKey = appEnv.privateKey ?? readFileSync(env.PRIVATE_KEY_PATH!, "utf8");
  const metrics = createMetrics({ processMetrics: true });
  const store = meteredStore(
    await openStore(env.XIHE_STORE, { poolSize: env.XIHE_STORE_POOL_SIZE, log }),
    metrics,
  );
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
  return { env, processEnv, appId: Number(appEnv.appId), log, store, probot, now, github, metrics };
}

/** How a worker's triage reaches the runs: wake the in-process worker, or cancel anywhere. */
export interface RunControl {
  wake(): void;
  cancel(runId: string): void;
}

/** Executors, reporter and archive of runs, and the triage of deliveries, over the App's adapters. */
export function appRunDeps(
  app: AppParts,
  alerts: AppAlerts,
  control: RunControl,
): ExecuteRunDeps & { triage: TriageHandler } {
  const { env, store, log, now, probot } = app;
  const archive = openRunArchive(env);
  const triage = createTriageDelivery({
    appId: app.appId,
    store,
    log,
    now,
    newRunId: () => `r${randomBytes(5).toString("hex")}`,
    permissions: createPermissionCache(),
    wakeWorker: () => control.wake(),
    cancelRun: (id) => control.cancel(id),
    installationOctokit: (id) => probot.auth(id ?? undefined),
    github: app.github,
  });
  return {
    store,
    log,
    now,
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
        createGitHubReporter(() => probot.auth(run.installationId ?? undefined), now, traceLinks(env, now)),
      ),
    triage: countTriageParks(triage, app.metrics),
    onRateLimitPark: countRunPark(app.metrics),
    onEnded: (runId) => {
      void archiveEndedRun({ archive, store, log, attempts: 5, retryDelayMs: 30_000 }, runId);
      countEndedRun(store, app.metrics, runId).catch((err: unknown) =>
        log.warn({ err, runId }, "could not count the ended run in the metrics"),
      );
    },
  };
}
