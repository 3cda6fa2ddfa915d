// The store is the record of truth and Redis may forget (restarted without persistence, a job
// dropped after too many lost leases): each pass adds a job for every queued delivery and run, and
// for every one "running" under a worker that is no longer alive. Adding an id that already waits
// or is held is a no-op, so every worker may sweep.
import type { Store } from "../store/store.ts";
import type { Coordination } from "./coordination.ts";
import type { JobQueue } from "./job-queue.ts";

export interface SweepDeps {
  store: Store;
  queue: JobQueue;
  coordination: Coordination;
  /** The most deliveries and runs looked at per pass (each list). */
  limit: number;
}

export async function requeueFromStore(deps: SweepDeps): Promise<{ triage: number; runs: number }> {
  const { store, queue } = deps;
  const orphaned = async (status: string, workerId: string | null) =>
    status === "queued" || workerId === null || !(await deps.coordination.isAlive(workerId));
  let triage = 0;
  for (const job of await store.listTriage({ status: ["queued", "running"], limit: deps.limit })) {
    if (!(await orphaned(job.status, job.workerId))) continue;
    await queue.add({ kind: "triage", deliveryId: job.deliveryId, installationId: job.installationId });
    triage++;
  }
  let runs = 0;
  for (const run of await store.listRuns({ status: ["queued", "running"], limit: deps.limit })) {
    if (!(await orphaned(run.status, run.workerId))) continue;
    await queue.add({ kind: "run", runId: run.id, installationId: run.installationId });
    runs++;
  }
  return { triage, runs };
}
