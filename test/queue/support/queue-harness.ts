// What the queue tests share: a real Redis, the stateful fake GitHub, a SQLite file every process
// opens (WAL) or, given `storeUrl`, a PostgreSQL database, the test's own queue client, and runs recorded and enqueued the way the App does
// (enqueueRecordedRuns over the store).
import { rmSync } from "node:fs";
import { join } from "node:path";
import { pino } from "pino";
import { openBullmqQueue } from "../../../src/queue/bullmq-queue.ts";
import type { Coordination } from "../../../src/queue/coordination.ts";
import { enqueueRecordedRuns } from "../../../src/queue/enqueue-recorded-runs.ts";
import type { JobQueue } from "../../../src/queue/job-queue.ts";
import { connectRedisCoordination } from "../../../src/queue/redis-coordination.ts";
import { openStore } from "../../../src/store/open-store.ts";
import type { RunRecord, RunVerb, Store } from "../../../src/store/store.ts";
import { startRedisServer, type RedisServer } from "../../support/redis-server.ts";
import { startFakeGitHubState, type FakeGitHubState } from "./fake-github-state.ts";
import { startWorkerProcess, type WorkerProcess } from "./worker-processes.ts";
import { scratchDir } from "../../support/scratch-dir.ts";

export interface QueueHarness {
  redis: RedisServer;
  github: FakeGitHubState;
  /** The SQLite file, or the PostgreSQL URL given as `storeUrl`: every process's XIHE_STORE. */
  storePath: string;
  store: Store;
  queue: JobQueue;
  coordination: Coordination;
  workers: WorkerProcess[];
  startWorker(env?: Record<string, string>): Promise<WorkerProcess>;
  recordRun(run: { repo: string; pr: number; verb: RunVerb; installationId: number }): Promise<RunRecord>;
  /** Resolves when every run ended (any status other than queued/running), or rejects at timeoutMs. */
  waitForEnded(runIds: string[], timeoutMs: number): Promise<RunRecord[]>;
  close(): Promise<void>;
}

export async function startQueueHarness(
  workerEnv: Record<string, string> = {},
  options: { storeUrl?: string } = {},
): Promise<QueueHarness> {
  const redis = await startRedisServer();
  const github = await startFakeGitHubState();
  const dir = scratchDir("xihe-queue-");
  const storePath = options.storeUrl ?? join(dir, "xihe.db");
  const log = pino({ level: "silent" });
  const store = await openStore(storePath, { poolSize: 4, log });
  const coordination = connectRedisCoordination(redis.url, log);
  const queue = openBullmqQueue(redis.url, coordination, log);
  const recording = enqueueRecordedRuns(store, queue, log);
  const workers: WorkerProcess[] = [];
  // Worker starts still under way when the test ends are waited for and killed: none outlives it.
  const starting = new Set<Promise<WorkerProcess>>();
  let closed = false;
  let seq = 0;
  const h: QueueHarness = {
    redis,
    github,
    storePath,
    store,
    queue,
    coordination,
    workers,
    async startWorker(env = {}) {
      if (closed) throw new Error("the queue harness is closed");
      const started = startWorkerProcess({
        ...process.env,
        XIHE_QUEUE: redis.url,
        XIHE_STORE: storePath,
        FAKE_GITHUB: github.url,
        ...workerEnv,
        ...env,
      });
      starting.add(started);
      try {
        const w = await started;
        workers.push(w);
        if (closed) w.kill("SIGKILL");
        return w;
      } finally {
        starting.delete(started);
      }
    },
    async recordRun(r) {
      const id = `r${String(++seq).padStart(4, "0")}`;
      const created = await recording.createRun(
        {
          ...r,
          headSha: `sha${r.pr}`,
          args: "",
          trigger: "comment",
          requester: "octocat",
          budget: {},
          context: {},
        },
        { id, now: new Date().toISOString() },
      );
      if (!created.created) throw new Error(`run for ${r.repo}#${r.pr} was not created`);
      return created.run;
    },
    async waitForEnded(runIds, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const runs = await Promise.all(runIds.map(async (id) => (await store.getRun(id))!));
        if (runs.every((r) => r.status !== "queued" && r.status !== "running")) return runs;
        if (Date.now() > deadline)
          throw new Error(
            `runs still active: ${runs
              .filter((r) => r.status === "queued" || r.status === "running")
              .map((r) => `${r.id}:${r.status}`)
              .join(", ")}`,
          );
        await new Promise((r) => setTimeout(r, 150));
      }
    },
    async close() {
      closed = true;
      await Promise.allSettled([...starting]);
      for (const w of workers) w.kill("SIGKILL");
      await Promise.all(workers.map((w) => w.exited));
      await queue.close();
      await coordination.close();
      await store.close();
      await github.close();
      await redis.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return h;
}
