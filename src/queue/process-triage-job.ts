// One triage job taken from the queue: the delivery's triage (triage-loop.ts's runTriageJob) by the
// worker that holds the job, after the same waits as a run (a parked installation, a live holder).
// A triage left "running" by a dead worker is taken over; its side effects already done replay.
import { runTriageJob, type TriageHandler } from "../runs/triage-loop.ts";
import type { Logger } from "../logger.ts";
import type { Store } from "../store/store.ts";
import type { JobResult } from "./bullmq-consumer.ts";
import type { Coordination } from "./coordination.ts";

export interface TriageJobDeps {
  store: Store;
  log: Logger;
  now: () => Date;
  handle: TriageHandler;
  workerId: string;
  coordination: Coordination;
  leaseMs: number;
}

export async function processTriageJob(deps: TriageJobDeps, deliveryId: string): Promise<JobResult> {
  const now = deps.now();
  const job = await deps.store.getTriage(deliveryId);
  if (!job) {
    deps.log.warn({ deliveryId }, "triage job for a delivery the store does not hold; dropped");
    return { status: "done" };
  }
  if (job.status === "done" || job.status === "failed") return { status: "done" };
  if (job.status === "queued" && job.notBefore && new Date(job.notBefore) > now)
    return { status: "later", at: new Date(job.notBefore) };
  if (job.installationId !== null) {
    const parked = await deps.coordination.notBefore(job.installationId);
    if (parked && parked > now) return { status: "later", at: parked };
  }
  const holder = job.status === "running" ? job.workerId : null;
  if (holder && holder !== deps.workerId && (await deps.coordination.isAlive(holder)))
    return { status: "later", at: new Date(now.getTime() + deps.leaseMs) };
  // Compare-and-set: of two workers handed this job (a lapsed lease), only one triages it.
  const claimed = await deps.store.claimTriage(deliveryId, { workerId: deps.workerId, from: holder });
  if (!claimed) {
    deps.log.info({ deliveryId }, "another worker claimed the triage first; leaving it");
    return { status: "done" };
  }
  await runTriageJob(deps, claimed);
  const after = await deps.store.getTriage(deliveryId);
  if (after?.status !== "queued") return { status: "done" };
  return { status: "later", at: after.notBefore ? new Date(after.notBefore) : deps.now() };
}
