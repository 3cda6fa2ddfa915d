// With a shared queue, a run recorded is a run enqueued: this Store adds a run job for each run its
// createRun records (triage, the HTTP API). An add that fails (Redis away) only logs: the run is in
// the store as queued, and the workers' sweep (requeue-from-store.ts) adds it again.
import type { Logger } from "../logger.ts";
import type { Store } from "../store/store.ts";
import type { JobQueue } from "./job-queue.ts";

export function enqueueRecordedRuns(store: Store, queue: JobQueue, log: Logger): Store {
  const createRun: Store["createRun"] = async (run, ids) => {
    const result = await store.createRun(run, ids);
    // A run recorded as already running is a record of work inside another run, not a job.
    if (result.created && result.run.status === "queued")
      await queue
        .add({ kind: "run", runId: result.run.id, installationId: result.run.installationId })
        .catch((err: unknown) =>
          log.warn({ err, runId: result.run.id }, "run recorded but not enqueued; the sweep adds it"),
        );
    return result;
  };
  // A Proxy, not a spread: a store may keep its methods on a prototype (a class instance).
  return new Proxy(store, {
    get(target, key) {
      if (key === "createRun") return createRun;
      const value: unknown = Reflect.get(target, key);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
