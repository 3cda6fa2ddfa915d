// On start-up, runs left `running` by a worker that died are never silently lost: each is queued
// again (it resumes at its first unfinished step, because finished steps replay from the store) or,
// after too many interruptions, failed with a reason that names the step it kept dying in. Triage
// jobs a dead worker held are queued again too: their side effects already done are remembered.
import type { Store } from "../store/store.ts";
import { contextNumber, contextObject } from "./run-context.ts";

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
    const resumes = (contextNumber(run, "resumes") ?? 0) + 1;
    const steps = await deps.store.listSteps(run.id);
    const unfinished = steps.find((s) => s.status !== "succeeded");
    if (resumes > maxResumes) {
      await deps.store.updateRun(run.id, {
        status: "failed",
        workerId: null,
        endedAt: deps.now().toISOString(),
        reason: `interrupted ${resumes - 1} times${unfinished ? `, last in step ${unfinished.stepId}` : ""}; not retried again`,
      });
      report.failed.push(run.id);
      continue;
    }
    await deps.store.updateRun(run.id, {
      status: "queued",
      workerId: null,
      context: { ...contextObject(run), resumes },
      reason: `resumed after an interrupted worker${unfinished ? ` at step ${unfinished.stepId}` : ""}`,
    });
    report.resumed.push(run.id);
  }
  return report;
}
