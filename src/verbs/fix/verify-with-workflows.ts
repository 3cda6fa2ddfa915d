// `verify.workflows`: after a fix or upgrade run's own checks pass in the sandbox, the DolphinScheduler
// workflows the repository names (a data pipeline smoke run on a staging project, say) are started
// one after another and followed to their end, as steps of the same run, so a resumed run never
// starts one twice. Each result joins the run's evidence; one that does not succeed means the change
// is not verified.
import { z } from "zod";
import type { Step } from "../../agent/step.ts";
import type { FixOutcome } from "../../agent/loop/fix-outcome.ts";
import type { Env, RepoConfig } from "../../config.ts";
import { connectFromEnv } from "../../integrations/dolphinscheduler/connect-from-env.ts";
import type { Logger } from "../../logger.ts";
import type { DsProjectHandle } from "../../integrations/dolphinscheduler/connect-dolphinscheduler.ts";
import { followConfigured, isDsError } from "../workflow/workflow-run-executor.ts";
import { workflowSummary } from "../workflow/render-workflow-result.ts";

export const workflowEvidence = z.object({
  name: z.string(),
  /** `error`: DolphinScheduler could not be used (unreachable, token refused, unknown workflow). */
  status: z.enum(["succeeded", "failed", "timeout", "error"]),
  /** The last instance's id and state; null when none was started. */
  instanceId: z.number().nullable(),
  state: z.string().nullable(),
  summary: z.string(),
});
export type WorkflowEvidence = z.infer<typeof workflowEvidence>;

/** The loop's outcome plus what `verify.workflows` said about the change (absent when none ran). */
/**
 * `attempt`: the step-id prefix of the loop's attempt ("again-N:" in a fresh checkout that lacked
 * an earlier attempt's commits); steps about the change it made take it too (describe:change).
 */
export type FixRunOutcome = FixOutcome & { workflows?: WorkflowEvidence[]; attempt?: string };

/**
 * A change that passed the loop's own checks, put to the repository's verification workflows (if
 * any), on Xihe's DolphinScheduler (the operator's environment, never the repository's).
 */
export async function withWorkflowVerdict(
  deps: { step: Step; now: () => Date; log: Logger },
  req: { runId: string; config: RepoConfig; env: Env },
  outcome: FixOutcome,
): Promise<FixRunOutcome> {
  if (req.config.verify.workflows.length === 0) return outcome;
  const workflows = await verifyWithWorkflows(
    {
      connect: connectFromEnv(req.env),
      step: deps.step,
      now: deps.now,
      sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
      progress: async (text) => deps.log.info({ runId: req.runId, text }, "verification workflow"),
    },
    req,
  );
  const notVerified = workflowVerdict(workflows);
  return notVerified
    ? { ...outcome, status: "gave_up", reason: notVerified, workflows }
    : { ...outcome, workflows };
}

export interface VerifyWorkflowDeps {
  connect: (project: string) => Promise<DsProjectHandle>;
  step: Step;
  now: () => Date;
  sleep: (ms: number) => Promise<void>;
  progress: (text: string) => Promise<void>;
}

export async function verifyWithWorkflows(
  deps: VerifyWorkflowDeps,
  req: { runId: string; config: RepoConfig },
): Promise<WorkflowEvidence[]> {
  const settings = req.config.integrations.dolphinscheduler;
  // The schema refuses verify.workflows without integrations.dolphinscheduler; this is that guard.
  if (!settings) return [];
  const evidence: WorkflowEvidence[] = [];
  for (const { name, params } of req.config.verify.workflows) {
    const ctx = { runId: req.runId, step: deps.step, progress: deps.progress };
    try {
      const result = await followConfigured(deps, ctx, settings, name, params, `verify:${name}`);
      const last = result.attempts[result.attempts.length - 1];
      evidence.push({
        name,
        status: result.status,
        instanceId: last?.instanceId ?? null,
        state: last?.state ?? null,
        summary: workflowSummary(result),
      });
    } catch (err) {
      if (!isDsError(err)) throw err;
      evidence.push({ name, status: "error", instanceId: null, state: null, summary: err.message });
    }
  }
  return evidence;
}

/** Why the change is not verified, or null when every workflow succeeded. */
export function workflowVerdict(evidence: readonly WorkflowEvidence[]): string | null {
  const failed = evidence.filter((e) => e.status !== "succeeded");
  if (failed.length === 0) return null;
  const why = failed.map((e) =>
    e.status === "error"
      ? `verification workflow ${e.name} could not run: ${e.summary}`
      : `verification ${e.summary}`,
  );
  return `the change passes its own checks, but ${why.join("; ")}`;
}
