// Takes jobs from one BullMQ queue with a lease: BullMQ's job lock, renewed while the job runs and
// lost when the process dies, after which the job is stalled and handed to another worker. A job
// whose handler says "later" (installation parked, slots full, run parked) waits delayed, keeping
// its priority; a handler error is logged, since the store already recorded what went wrong.
import { DelayedError, Worker, type Job } from "bullmq";
import { z } from "zod";
import type { Logger } from "../logger.ts";
import { redisConnection, runQueueName, triageQueueName } from "./bullmq-queue.ts";
import type { QueueJob } from "./job-queue.ts";

export type JobResult = { status: "done" } | { status: "later"; at: Date };

export interface Consumer {
  /** Stops taking jobs and resolves once the held ones ended; `force` does not wait. */
  close(force?: boolean): Promise<void>;
}

const queueJob: z.ZodType<QueueJob> = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("triage"),
    deliveryId: z.string(),
    installationId: z.number().int().nullable(),
  }),
  z.object({ kind: z.literal("run"), runId: z.string(), installationId: z.number().int().nullable() }),
]);

export function consumeBullmq(options: {
  url: string;
  queueName: string;
  concurrency: number;
  leaseMs: number;
  /** How often a job may lose its lease (its worker died) before it is dropped from the queue. */
  maxLeaseLosses: number;
  log: Logger;
  handle: (job: QueueJob) => Promise<JobResult>;
}): Consumer {
  const connection = redisConnection(options.url);
  const worker = new Worker(
    options.queueName,
    async (job: Job, token?: string) => {
      const parsed = queueJob.safeParse(job.data);
      if (!parsed.success) {
        options.log.error({ jobId: job.id, issues: parsed.error.issues }, "queue job did not parse; dropped");
        return;
      }
      const result = await options.handle(parsed.data);
      if (result.status === "done") return;
      await job.moveToDelayed(Math.max(result.at.getTime(), Date.now() + 50), token);
      throw new DelayedError();
    },
    {
      connection,
      concurrency: options.concurrency,
      lockDuration: options.leaseMs,
      stalledInterval: options.leaseMs,
      maxStalledCount: options.maxLeaseLosses,
    },
  );
  worker.on("error", (err: Error) =>
    options.log.warn({ err, queue: options.queueName }, "queue worker error"),
  );
  worker.on("failed", (job: Job | undefined, err: Error) =>
    options.log.warn({ err, jobId: job?.id, queue: options.queueName }, "queue job failed"),
  );
  return {
    async close(force = false) {
      await worker.close(force);
      await connection.quit().catch(() => connection.disconnect());
    },
  };
}

/** The queue worker's `consume`: Xihe's two BullMQ queues on one Redis, each job leased for `leaseMs`. */
export function bullmqConsume(options: { url: string; leaseMs: number; log: Logger }) {
  return (
    which: "triage" | "runs",
    concurrency: number,
    handle: (job: QueueJob) => Promise<JobResult>,
  ): Consumer =>
    consumeBullmq({
      ...options,
      queueName: which === "runs" ? runQueueName : triageQueueName,
      concurrency,
      maxLeaseLosses: 3,
      handle,
    });
}
