// One run job taken from the queue: wait if the installation is parked or at its cap, take the run
// over (a run "running" under a dead worker resumes, counted, at its first unfinished step), run
// it with the persisted-step lifecycle of execute-run.ts while renewing its slot and watching for
// `/xihe stop`, and say whether the job is done or must come back later (a park, a hand-back).
import { executeRun, type ExecuteRunDeps } from "../runs/execute-run.ts";
import { mergeRunContext, readRunContext } from "../runs/run-context.ts";
import { RunHandedBack } from "../runs/run-handed-back.ts";
import { runLifecycleContext } from "../runs/run-lifecycle-context.ts";
import type { RunClaim, RunRecord } from "../store/store.ts";
import type { JobResult } from "./bullmq-consumer.ts";
import type { Coordination } from "./coordination.ts";

export interface RunJobDeps extends ExecuteRunDeps {
  workerId: string;
  coordination: Coordination;
  leaseMs: number;
  /** Most runs of one installation at once, over all workers; 0: no cap. */
  installationCap: number;
  /** How often a run may be taken over from a dead worker before it fails. */
  maxResumes: number;
  /** The runs this worker holds, for `/xihe stop` and shutdown. */
  held: Map<string, AbortController>;
  isDraining: () => boolean;
}

const done: JobResult = { status: "done" };

export async function processRunJob(deps: RunJobDeps, runId: string): Promise<JobResult> {
  const now = deps.now();
  const run = await deps.store.getRun(runId);
  if (!run || (run.status !== "queued" && run.status !== "running")) {
    await deps.coordination.startedRun(run?.installationId ?? null, runId);
    return done;
  }
  const wait = await reasonToWait(deps, run, now);
  if (wait) return { status: "later", at: wait };
  const inst = run.installationId;
  if (inst !== null && deps.installationCap > 0) {
    const slot = await deps.coordination.acquireSlot(inst, runId, deps.installationCap, deps.leaseMs);
    if (!slot) return { status: "later", at: new Date(now.getTime() + Math.min(1000, deps.leaseMs)) };
  }
  try {
    await deps.coordination.startedRun(inst, runId);
    const taken = await takeOver(deps, run);
    if (taken) await executeHeld(deps, taken);
  } finally {
    if (inst !== null && deps.installationCap > 0) await deps.coordination.releaseSlot(inst, runId);
  }
  const after = await deps.store.getRun(runId);
  if (after?.status !== "queued") return done;
  return { status: "later", at: after.notBefore ? new Date(after.notBefore) : deps.now() };
}

async function reasonToWait(deps: RunJobDeps, run: RunRecord, now: Date): Promise<Date | null> {
  // A second job for a run this process already runs (re-added by a sweep after Redis lost it).
  if (deps.held.has(run.id)) return new Date(now.getTime() + deps.leaseMs);
  if (run.status === "queued" && run.notBefore && new Date(run.notBefore) > now)
    return new Date(run.notBefore);
  if (run.installationId !== null) {
    const parked = await deps.coordination.notBefore(run.installationId);
    if (parked && parked > now) return parked;
  }
  // Still held by a live worker (its lease lapsed while it was busy): not ours to take.
  const holder = run.status === "running" ? run.workerId : null;
  if (holder && holder !== deps.workerId && (await deps.coordination.isAlive(holder)))
    return new Date(now.getTime() + deps.leaseMs);
  return null;
}

/**
 * Marks the run ours with the store's compare-and-set claim, so of two workers handed the same job
 * (a lapsed lease) only one runs it; a run a dead worker held resumes, or fails after too many resumes.
 */
async function takeOver(deps: RunJobDeps, run: RunRecord): Promise<RunRecord | null> {
  const at = deps.now().toISOString();
  if (run.status === "queued") return claimed(deps, run, { workerId: deps.workerId, from: null, at });
  const lifecycle = readRunContext(run, runLifecycleContext);
  const resumes = lifecycle.ok ? lifecycle.context.resumes + 1 : 0;
  if (!lifecycle.ok || resumes > deps.maxResumes) {
    await deps.store.updateRun(run.id, {
      status: "failed",
      workerId: null,
      endedAt: at,
      reason: lifecycle.ok
        ? `its worker died ${resumes - 1} times; not retried again`
        : lifecycle.error.message,
    });
    return null;
  }
  deps.log.info({ runId: run.id, from: run.workerId, resumes }, "taking over a run whose worker died");
  return claimed(deps, run, {
    workerId: deps.workerId,
    from: run.workerId,
    at,
    context: mergeRunContext(run, { resumes }),
    reason: `resumed after its worker (${run.workerId ?? "unknown"}) died`,
  });
}

async function claimed(deps: RunJobDeps, run: RunRecord, claim: RunClaim): Promise<RunRecord | null> {
  const mine = await deps.store.claimRun(run.id, claim);
  if (!mine) deps.log.info({ runId: run.id }, "another worker claimed the run first; leaving it");
  return mine;
}

async function executeHeld(deps: RunJobDeps, run: RunRecord): Promise<void> {
  const controller = new AbortController();
  deps.held.set(run.id, controller);
  const watch = setInterval(() => void keepHolding(deps, run, controller), Math.max(200, deps.leaseMs / 3));
  try {
    await executeRun(
      {
        ...deps,
        beforeStep: () => {
          if (!deps.isDraining()) return;
          controller.abort(new RunHandedBack("the worker is shutting down"));
          throw controller.signal.reason;
        },
        onRateLimited: async (parked, resumeAt) => {
          if (parked.installationId !== null)
            await deps.coordination.parkUntil(parked.installationId, resumeAt);
        },
      },
      run,
      controller.signal,
    );
  } finally {
    clearInterval(watch);
    deps.held.delete(run.id);
  }
}

/** Renews the installation slot and aborts the run when the store says it was stopped. */
async function keepHolding(deps: RunJobDeps, run: RunRecord, controller: AbortController): Promise<void> {
  try {
    if (run.installationId !== null && deps.installationCap > 0)
      await deps.coordination.acquireSlot(run.installationId, run.id, deps.installationCap, deps.leaseMs);
    const current = await deps.store.getRun(run.id);
    if (current?.status === "cancelled" && !controller.signal.aborted)
      controller.abort(new Error("cancelled"));
  } catch (err) {
    deps.log.warn({ err, runId: run.id }, "could not renew the run's slot or read its status");
  }
}
