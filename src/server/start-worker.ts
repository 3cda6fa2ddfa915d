// Starts a `xihe worker` process: the same executors, reporter and triage as the App, fed by the
// shared queue (XIHE_QUEUE, required) instead of polling the store. Many may run, on many hosts.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { ConfigError } from "../errors.ts";
import { bullmqConsume } from "../queue/bullmq-consumer.ts";
import { openBullmqQueue } from "../queue/bullmq-queue.ts";
import { enqueueRecordedRuns } from "../queue/enqueue-recorded-runs.ts";
import { startQueueWorker, type QueueWorker } from "../queue/queue-worker.ts";
import { connectRedisCoordination } from "../queue/redis-coordination.ts";
import { checkGitVersion } from "../runs/check-git-version.ts";
import { startAppAlerts } from "./app-alerts.ts";
import { appRunDeps, createAppParts } from "./app-parts.ts";
import { startMetricsServer } from "./metrics-server.ts";

export async function startWorker(processEnv: NodeJS.ProcessEnv = process.env): Promise<QueueWorker> {
  const parts = await createAppParts(processEnv);
  const { env, log } = parts;
  const url = env.XIHE_QUEUE;
  if (!url)
    throw new ConfigError(
      "XIHE_QUEUE: `xihe worker` takes its jobs from Redis; set XIHE_QUEUE=redis://host:port",
      [{ path: "XIHE_QUEUE", message: "required by xihe worker" }],
    );
  checkGitVersion(execFileSync("git", ["--version"], { encoding: "utf8" }));
  const coordination = connectRedisCoordination(url, log);
  const queue = openBullmqQueue(url, coordination, log);
  const app = { ...parts, store: enqueueRecordedRuns(parts.store, queue, log) };
  const alerts = startAppAlerts(app);
  const deps = appRunDeps(app, alerts, {
    wake: () => undefined,
    cancel: (id) =>
      void queue
        .cancel(id)
        .catch((err: unknown) => log.warn({ err, runId: id }, "could not publish the stop")),
  });
  // Bound before any job is taken: a taken port fails the start, not a worker already running.
  const metricsServer =
    env.XIHE_METRICS_PORT === undefined
      ? null
      : await startMetricsServer({ metrics: parts.metrics, port: env.XIHE_METRICS_PORT, host: env.HOST });
  if (metricsServer) log.info({ port: metricsServer.port }, "xihe worker metrics listening");
  const leaseMs = env.XIHE_QUEUE_LEASE_SECONDS * 1000;
  const worker = await startQueueWorker({
    ...deps,
    workerId: `${hostname()}-${process.pid}-${randomBytes(3).toString("hex")}`,
    queue,
    coordination,
    consume: bullmqConsume({ url, leaseMs, log }),
    concurrency: env.XIHE_WORKER_CONCURRENCY,
    triage: { handle: deps.triage, concurrency: 4 },
    leaseMs,
    installationCap: env.XIHE_INSTALLATION_CONCURRENCY,
    maxResumes: 2,
    shutdownDeadlineMs: env.XIHE_SHUTDOWN_DEADLINE_SECONDS * 1000,
  });
  return {
    async stop() {
      await metricsServer?.close();
      await worker.stop();
      await alerts.stop();
      await parts.store.close();
    },
  };
}
