// A worker process's side of XIHE_QUEUE: takes triage and run jobs, keeps itself marked alive,
// aborts the runs `/xihe stop` names, sweeps the store for work the queue lost, and shuts down
// gracefully: no new jobs, running steps may finish until the deadline, then each held run is
// handed back (queued again, its lease released) and resumes in another worker.
import type { ExecuteRunDeps } from "../runs/execute-run.ts";
import { RunHandedBack } from "../runs/run-handed-back.ts";
import type { TriageHandler } from "../runs/triage-loop.ts";
import type { Consumer, JobResult } from "./bullmq-consumer.ts";
import type { Coordination } from "./coordination.ts";
import type { JobQueue, QueueJob } from "./job-queue.ts";
import { processRunJob } from "./process-run-job.ts";
import { processTriageJob } from "./process-triage-job.ts";
import { requeueFromStore } from "./requeue-from-store.ts";

export interface QueueWorkerDeps extends ExecuteRunDeps {
  workerId: string;
  queue: JobQueue;
  coordination: Coordination;
  /** Starts taking jobs of one queue (BullMQ in production). */
  consume: (
    queue: "triage" | "runs",
    concurrency: number,
    handle: (job: QueueJob) => Promise<JobResult>,
  ) => Consumer;
  concurrency: number;
  triage: { handle: TriageHandler; concurrency: number };
  leaseMs: number;
  installationCap: number;
  maxResumes: number;
  shutdownDeadlineMs: number;
}

export interface QueueWorker {
  /** Graceful shutdown (SIGTERM); resolves when every held run ended or was handed back. */
  stop(): Promise<void>;
}

export async function startQueueWorker(deps: QueueWorkerDeps): Promise<QueueWorker> {
  const held = new Map<string, AbortController>();
  let draining = false;
  const alive = () => deps.coordination.markAlive(deps.workerId, deps.leaseMs);
  await alive();
  await deps.coordination.subscribeCancel((runId) => held.get(runId)?.abort(new Error("cancelled")));
  const runDeps = { ...deps, held, isDraining: () => draining };
  const consumers = [
    deps.consume("triage", deps.triage.concurrency, (job) =>
      job.kind === "triage"
        ? processTriageJob({ ...deps, handle: deps.triage.handle }, job.deliveryId)
        : wrongQueue(),
    ),
    deps.consume("runs", deps.concurrency, (job) =>
      job.kind === "run" ? processRunJob(runDeps, job.runId) : wrongQueue(),
    ),
  ];
  const beat = repeat(deps, "could not renew this worker's liveness", Math.max(200, deps.leaseMs / 3), alive);
  const sweep = repeat(deps, "could not sweep the store for lost jobs", deps.leaseMs, async () => {
    const added = await requeueFromStore({ ...deps, limit: 1000 });
    if (added.triage + added.runs > 0)
      deps.log.info(added, "sweep: added jobs for work the queue did not hold");
  });
  deps.log.info({ workerId: deps.workerId, concurrency: deps.concurrency }, "xihe worker taking jobs");
  return {
    async stop() {
      draining = true;
      await sweep.stop();
      const closing = Promise.all(consumers.map((c) => c.close()));
      const deadline = setTimeout(() => {
        deps.log.warn(
          { held: [...held.keys()] },
          "shutdown deadline passed; handing back the runs still held",
        );
        for (const c of held.values()) c.abort(new RunHandedBack("the worker's shutdown deadline passed"));
      }, deps.shutdownDeadlineMs);
      try {
        await closing;
      } finally {
        clearTimeout(deadline);
        await beat.stop();
        await deps.coordination.close();
        await deps.queue.close();
      }
      deps.log.info({ workerId: deps.workerId }, "xihe worker stopped");
    },
  };
}

async function wrongQueue(): Promise<JobResult> {
  return { status: "done" };
}

/** Runs fn every intervalMs, never two at once; a failure is logged and the next pass retries. */
function repeat(
  deps: Pick<QueueWorkerDeps, "log">,
  failure: string,
  intervalMs: number,
  fn: () => Promise<void>,
) {
  let running: Promise<void> | null = null;
  const tick = () =>
    void (running ??= fn()
      .catch((err: unknown) => deps.log.warn({ err }, failure))
      .finally(() => (running = null)));
  const timer = setInterval(tick, intervalMs);
  tick();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
