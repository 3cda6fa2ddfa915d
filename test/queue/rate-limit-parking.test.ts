// Issue 15, rate-limit parking across workers (real Redis, one process): a run GitHub rate-limits
// parks its whole installation in Redis, and any worker's next job of that installation waits for
// the reset instead of spending another request; another installation's runs are not held up. Each
// park counts once in xihe_rate_limit_parks_total, as a worker's GET /metrics shows.
import { join } from "node:path";
import { pino } from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { connectRedisCoordination } from "../../src/queue/redis-coordination.ts";
import { processRunJob, type RunJobDeps } from "../../src/queue/process-run-job.ts";
import { RateLimitedError } from "../../src/runs/rate-limited-error.ts";
import type { Coordination } from "../../src/queue/coordination.ts";
import { countRunPark } from "../../src/server/metered-store.ts";
import { startMetricsServer, type MetricsServer } from "../../src/server/metrics-server.ts";
import { createMetrics } from "../../src/server/metrics.ts";
import { openSqliteStore } from "../../src/store/sqlite-store.ts";
import type { Store } from "../../src/store/store.ts";
import { startRedisServer, type RedisServer } from "../support/redis-server.ts";
import { scratchDir } from "../support/scratch-dir.ts";

const log = pino({ level: "silent" });
// Redis expires the park at its real time, so the test's clock is the real one.
const now = new Date();
const resetAt = new Date(now.getTime() + 15 * 60_000);
let redis: RedisServer;
let coordination: Coordination;
let store: Store;
let metricsServer: MetricsServer;
const metrics = createMetrics({ processMetrics: false });
const calls: string[] = [];

beforeAll(async () => {
  redis = await startRedisServer();
  coordination = connectRedisCoordination(redis.url, log);
  store = openSqliteStore(join(scratchDir("xihe-park-"), "xihe.db"));
  metricsServer = await startMetricsServer({ metrics, port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  await metricsServer?.close();
  await coordination?.close();
  await store?.close();
  await redis?.stop();
});

function deps(workerId: string): RunJobDeps {
  return {
    store,
    log,
    now: () => now,
    executors: {
      explain: async (ctx) => {
        calls.push(`${workerId}:${ctx.run.id}`);
        if (ctx.run.installationId === 7) throw new RateLimitedError(resetAt);
        return { status: "succeeded", summary: "ok", body: "" };
      },
    },
    reporterFor: () => ({ started: async () => {}, progress: async () => {}, finished: async () => {} }),
    workerId,
    coordination,
    leaseMs: 5000,
    installationCap: 0,
    maxResumes: 2,
    held: new Map(),
    isDraining: () => false,
    onRateLimitPark: countRunPark(metrics),
  };
}

const parksServed = async () =>
  (await (await fetch(`http://127.0.0.1:${metricsServer.port}/metrics`)).text())
    .split("\n")
    .filter((l) => l.startsWith("xihe_rate_limit_parks_total"));

async function record(id: string, installationId: number) {
  const r = await store.createRun(
    {
      installationId,
      repo: `o/${id}`,
      pr: 1,
      headSha: "abc",
      verb: "explain",
      args: "",
      trigger: "comment",
      requester: "u",
      budget: {},
      context: {},
    },
    { id, now: now.toISOString() },
  );
  return r.created ? r.run : r.existing;
}

it("parks the installation for every worker until GitHub's reset, and only that installation", async () => {
  const [first, second, other] = [await record("p1", 7), await record("p2", 7), await record("p3", 8)];
  expect(await parksServed()).toEqual([]);

  const parked = await processRunJob(deps("worker-a"), first.id);
  expect(parked).toEqual({ status: "later", at: resetAt });
  expect(await coordination.notBefore(7)).toEqual(resetAt);
  expect(await store.getRun(first.id)).toMatchObject({ status: "queued", notBefore: resetAt.toISOString() });

  // Another worker's job of the same installation waits without running (no request to GitHub).
  expect(await processRunJob(deps("worker-b"), second.id)).toEqual({ status: "later", at: resetAt });
  expect(await processRunJob(deps("worker-b"), other.id)).toEqual({ status: "done" });
  expect(calls).toEqual(["worker-a:p1", "worker-b:p3"]);
  expect((await store.getRun(second.id))?.status).toBe("queued");
  // One park: the second job waited on the shared park without GitHub limiting it again.
  expect(await parksServed()).toEqual(['xihe_rate_limit_parks_total{kind="run"} 1']);
});
