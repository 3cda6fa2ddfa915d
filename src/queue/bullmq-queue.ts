// The JobQueue (job-queue.ts) on BullMQ: two queues, triage and runs. A job's id is its delivery or
// run id, so adding one that already waits or is held is a no-op; run jobs carry a priority that
// makes installations take turns (fairness.md in this folder's README). Jobs are removed when they
// end: the store keeps the history.
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import type { Logger } from "../logger.ts";
import type { Coordination } from "./coordination.ts";
import type { JobQueue, QueueJob } from "./job-queue.ts";

export const triageQueueName = "xihe-triage";
export const runQueueName = "xihe-runs";
/** BullMQ's largest priority. */
const maxPriority = 2_097_151;

export function redisConnection(url: string): Redis {
  // BullMQ needs commands to wait for a reconnect instead of failing after a few retries.
  return new Redis(url, { maxRetriesPerRequest: null });
}

export function openBullmqQueue(url: string, coordination: Coordination, log: Logger): JobQueue {
  const connection = redisConnection(url);
  const options = { connection, defaultJobOptions: { removeOnComplete: true, removeOnFail: true } };
  const triage = new Queue(triageQueueName, options);
  const runs = new Queue(runQueueName, options);
  // Errors surface on add(); the emitter's copy is logged so a Redis outage is visible once.
  for (const q of [triage, runs])
    q.on("error", (err: Error) => log.warn({ err, queue: q.name }, "queue connection error"));
  return {
    async add(job: QueueJob) {
      if (job.kind === "triage") {
        await triage.add("triage", job, { jobId: job.deliveryId });
        return;
      }
      // Fair turns: a run's priority is how many runs of its installation wait, itself included.
      // BullMQ takes the lowest priority first and, within one, the oldest: one installation's
      // 50th run waits behind every other installation's first.
      const waiting = await coordination.pendingRun(job.installationId, job.runId);
      await runs.add("run", job, { jobId: job.runId, priority: Math.min(waiting, maxPriority) });
    },
    async addTriage(jobs) {
      await triage.addBulk(
        jobs.map((job) => ({ name: "triage", data: job, opts: { jobId: job.deliveryId } })),
      );
    },
    async cancel(runId) {
      await coordination.publishCancel(runId);
    },
    async waiting() {
      const count = async (q: Queue) =>
        Object.values(await q.getJobCounts("waiting", "prioritized", "delayed")).reduce((a, b) => a + b, 0);
      const [t, r] = await Promise.all([count(triage), count(runs)]);
      return { triage: t, runs: r };
    },
    async close() {
      await Promise.all([triage.close(), runs.close()]);
      await connection.quit().catch(() => connection.disconnect());
    },
  };
}
