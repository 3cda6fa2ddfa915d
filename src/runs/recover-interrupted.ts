// On start-up, runs left `running` by a worker that died are never silently lost: each is queued
// again (it resumes at its first unfinished step, because finished steps replay from the store) or,
// after too many interruptions, failed with a reason that names the step it kept dying in. Triage
// jobs a dead worker held are queued again too: their side effects already done are remembered.
import type { Store } from "../store/store.ts";
import { mergeRunContext, readRunContext } from "./run-context.ts";
import { runLifecycleContext } from "./run-lifecycle-context.ts";

export interface RecoveryReport {
  resumed: string[];
  failed: string[];
  triageRequeued: string[];
}

export async function recoverInterruptedRuns(
  deps: { store: Store; now: () => Date; workerId: string },
  maxResumes = 2,
): Promise<RecoveryReport> {
  const report: RecoveryReport = { resumed: [], failed: [], triageRequeued: [] };
  for (const job of await deps.store.listTriage({ status: ["running"], limit: 1000 })) {
    if (job.workerId === deps.workerId) continue;
    await deps.store.updateTriage(job.deliveryId, { status: "queued", workerId: null });
    report.triageRequeued.push(job.deliveryId);
  }
  const stale = (await deps.store.listRuns({ status: ["running"], limit: 1000 })).filter(
    (r) => r.workerId !== deps.workerId,
  );
  for (const run of stale) {
    const lifecycle = readRunContext(run, runLifecycleContext);
    const steps = await deps.store.listSteps(run.id);
    const unfinished = steps.find((s) => s.status !== "succeeded");
    // A context this version cannot read fails only that run (with the reason), never the start-up.
    const resumes = lifecycle.ok ? lifecycle.context.resumes + 1 : 0;
    if (!lifecycle.ok || resumes > maxResumes) {
      await deps.store.updateRun(run.id, {
        status: "failed",
        workerId: null,
        endedAt: deps.now().toISOString(),
        reason: lifecycle.ok
          ? `interrupted ${resumes - 1} times${unfinished ? `, last in step ${unfinished.stepId}` : ""}; not retried again`
          : lifecycle.error.message,
      });
      report.failed.push(run.id);
      continue;
    }
    await deps.store.updateRun(run.id, {
      status: "queued",
      workerId: null,
      context: mergeRunContext(run, { resumes }),
      reason: `resumed after an interrupted worker${unfinished ? ` at step ${unfinished.stepId}` : ""}`,
    });
    report.resumed.push(run.id);
  }
  return report;
}
