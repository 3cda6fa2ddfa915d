// The App process's side of XIHE_QUEUE: deliveries and runs it records are added to the shared
// queue, and `/xihe stop` or the API's cancel reaches the worker holding the run. A delivery is
// recorded in the store before the webhook is answered; its triage job is added after the answer,
// with every other delivery recorded in the same turn of the event loop, in one round trip to
// Redis. Nothing is lost meanwhile: a recorded delivery the queue never got (Redis away, the
// process killed) is added by the workers' sweep of the store.
import type { Logger } from "../logger.ts";
import { openBullmqQueue } from "../queue/bullmq-queue.ts";
import { enqueueRecordedRuns } from "../queue/enqueue-recorded-runs.ts";
import type { JobQueue, QueueJob } from "../queue/job-queue.ts";
import { connectRedisCoordination } from "../queue/redis-coordination.ts";
import type { Store } from "../store/store.ts";

/** How long an add may take before it is left to the sweep (it would hold close() while Redis is away). */
const addTimeoutMs = 2000;

export function connectAppQueue(url: string, store: Store, log: Logger) {
  const coordination = connectRedisCoordination(url, log);
  const queue = openBullmqQueue(url, coordination, log);
  const triage = triageBatches(queue, log);
  return {
    store: enqueueRecordedRuns(store, queue, log),
    /** Adds the recorded delivery's triage job soon, without waiting for Redis. */
    enqueueTriage: triage.add,
    cancel(runId: string) {
      void queue
        .cancel(runId)
        .catch((err: unknown) => log.warn({ err, runId }, "could not publish the stop"));
    },
    waiting: () => queue.waiting(),
    async close() {
      await triage.flush();
      await queue.close();
      await coordination.close();
    },
  };
}

type TriageJob = Extract<QueueJob, { kind: "triage" }>;

function triageBatches(queue: JobQueue, log: Logger) {
  let batch: TriageJob[] = [];
  const sending = new Set<Promise<void>>();
  const send = () => {
    if (batch.length === 0) return;
    const jobs = batch;
    batch = [];
    const ids = jobs.map((j) => j.deliveryId);
    const timeout = new Promise<"timeout">((r) => setTimeout(() => r("timeout"), addTimeoutMs).unref());
    const sent: Promise<void> = Promise.race([queue.addTriage(jobs).then(() => "added" as const), timeout])
      .then(
        (result) => {
          if (result === "timeout")
            log.warn(
              { deliveryIds: ids },
              "deliveries recorded; the queue did not answer in time, the sweep adds them",
            );
        },
        (err: unknown) =>
          log.warn({ err, deliveryIds: ids }, "deliveries recorded but not enqueued; the sweep adds them"),
      )
      .finally(() => sending.delete(sent));
    sending.add(sent);
  };
  return {
    add(delivery: { deliveryId: string; installationId: number | null }): void {
      batch.push({ kind: "triage", ...delivery });
      if (batch.length === 1) setImmediate(send);
    },
    /** Sends what waits and waits for every add under way (each bounded by the timeout). */
    async flush(): Promise<void> {
      send();
      await Promise.all(sending);
    },
  };
}
