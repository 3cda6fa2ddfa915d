// The App process's side of XIHE_QUEUE: deliveries and runs it records are added to the shared
// queue, and `/xihe stop` or the API's cancel reaches the worker holding the run. Adding waits at
// most a moment: a delivery is already recorded when it is added, so with Redis away the webhook
// is still answered and the workers' sweep adds the job once Redis is back.
import type { Logger } from "../logger.ts";
import { openBullmqQueue } from "../queue/bullmq-queue.ts";
import { enqueueRecordedRuns } from "../queue/enqueue-recorded-runs.ts";
import { connectRedisCoordination } from "../queue/redis-coordination.ts";
import type { Store } from "../store/store.ts";

const addTimeoutMs = 2000;

export function connectAppQueue(url: string, store: Store, log: Logger) {
  const coordination = connectRedisCoordination(url, log);
  const queue = openBullmqQueue(url, coordination, log);
  return {
    store: enqueueRecordedRuns(store, queue, log),
    async enqueueTriage(delivery: { deliveryId: string; installationId: number | null }) {
      const added = queue.add({ kind: "triage", ...delivery });
      const timeout = new Promise<"timeout">((r) => setTimeout(() => r("timeout"), addTimeoutMs).unref());
      const result = await Promise.race([added.then(() => "added" as const), timeout]).catch(
        (err: unknown) => {
          log.warn(
            { err, deliveryId: delivery.deliveryId },
            "delivery recorded but not enqueued; the sweep adds it",
          );
          return "failed" as const;
        },
      );
      if (result === "timeout")
        log.warn(
          { deliveryId: delivery.deliveryId },
          "delivery recorded; the queue did not answer in time, the sweep adds it",
        );
    },
    cancel(runId: string) {
      void queue
        .cancel(runId)
        .catch((err: unknown) => log.warn({ err, runId }, "could not publish the stop"));
    },
    waiting: () => queue.waiting(),
    async close() {
      await queue.close();
      await coordination.close();
    },
  };
}
