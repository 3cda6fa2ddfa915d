// `/xihe workflow <name> [k=v…]` and `xihe workflow run`: start one DolphinScheduler workflow and
// follow it (follow-workflow.ts). A failure, a timeout or a DolphinScheduler that cannot be used ends
// the run failed with the reason; the run's alert (kind workflow_failed) goes to the repository's
// channels once, through the run reporter like every other run's.
import type { RepoConfig } from "../../config.ts";
import { XiheError } from "../../errors.ts";
import type { DsProjectHandle } from "../../integrations/dolphinscheduler/connect-dolphinscheduler.ts";
import {
  DsApiError,
  DsTokenRefused,
  DsUnreachable,
  DsUnsupportedVersion,
  UnknownWorkflow,
} from "../../integrations/dolphinscheduler/ds-errors.ts";
import type { Step } from "../../agent/step.ts";
import type { SuggestionKey } from "../../notify/alert-event.ts";
import type { RunContext, RunExecutor, RunOutcome } from "../../runs/run-executor.ts";
import type { RunRecord } from "../../store/store.ts";
import { followWorkflow, type WorkflowResult } from "./follow-workflow.ts";
import { renderWorkflowResult, workflowSummary } from "./render-workflow-result.ts";
import { parseWorkflowArgs } from "./parse-workflow-args.ts";

export type DsSettings = NonNullable<RepoConfig["integrations"]["dolphinscheduler"]>;

export interface WorkflowRunDeps {
  /** The repository's `integrations.dolphinscheduler` (from its trusted config), or null. */
  settingsFor: (run: RunRecord) => Promise<DsSettings | null>;
  /** Opens the project on the App's DolphinScheduler (connection, token and API version checked). */
  connect: (project: string) => Promise<DsProjectHandle>;
  now: () => Date;
  sleep: (ms: number) => Promise<void>;
}

export function createWorkflowExecutor(deps: WorkflowRunDeps): RunExecutor {
  return async (ctx) => {
    const { workflow, params } = parseWorkflowArgs(ctx.run.args.split(/\s+/).filter(Boolean));
    const settings = await deps.settingsFor(ctx.run);
    if (!settings)
      return stopped(
        "integrations.dolphinscheduler is not configured: add its project (and green_list) to .github/xihe.yml on the default branch",
        "not_configured",
      );
    try {
      const result = await followConfigured(
        deps,
        { runId: ctx.run.id, step: ctx.step, progress: ctx.progress },
        settings,
        workflow,
        params,
      );
      return outcomeOf(result, settings.green_list.includes(workflow));
    } catch (err) {
      if (isDsError(err)) return stopped(err.message, err.code);
      throw err;
    }
  };
}

/** Follows one workflow with the repository's settings, inside the caller's run (its steps). */
export async function followConfigured(
  deps: Pick<WorkflowRunDeps, "connect" | "now" | "sleep">,
  ctx: { runId: string; step: Step; progress: RunContext["progress"] },
  settings: DsSettings,
  workflow: string,
  params: Record<string, string>,
  slot = `workflow:${workflow}`,
): Promise<WorkflowResult> {
  const project = await deps.connect(settings.project);
  await ctx.progress(`starting DolphinScheduler workflow ${workflow} in ${settings.project}`);
  return followWorkflow(
    {
      project,
      step: ctx.step,
      now: deps.now,
      sleep: deps.sleep,
      pollMs: settings.poll_seconds * 1000,
      maxPollMs: Math.max(settings.poll_seconds * 1000, 5 * 60_000),
      locateMs: 60_000,
    },
    {
      runId: ctx.runId,
      slot,
      name: workflow,
      params,
      greenListed: settings.green_list.includes(workflow),
      maxAttempts: settings.max_attempts,
      timeoutMs: settings.timeout_minutes * 60_000,
    },
  );
}

export function isDsError(err: unknown): err is XiheError {
  return [DsUnreachable, DsTokenRefused, DsApiError, DsUnsupportedVersion, UnknownWorkflow].some(
    (type) => err instanceof type,
  );
}

function outcomeOf(result: WorkflowResult, greenListed: boolean): RunOutcome {
  const summary = workflowSummary(result);
  const body = renderWorkflowResult(result);
  if (result.status === "succeeded") return { status: "succeeded", summary, body };
  const last = result.attempts[result.attempts.length - 1];
  const failureClass =
    result.status === "timeout"
      ? "timeout"
      : `${last?.failure?.kind ?? "unknown"}:${last?.failure?.cause ?? "unknown"}`;
  const suggestion: SuggestionKey = greenListed ? "fix_workflow" : "check_workflow";
  return {
    status: "failed",
    summary,
    body,
    alert: { failureClass, retries: result.attempts.length - 1, suggestion },
  };
}

function stopped(reason: string, failureClass: string): RunOutcome {
  return {
    status: "failed",
    summary: reason,
    body: `**The workflow was not started or could not be followed.** ${reason}`,
    alert: { failureClass, retries: 0, suggestion: "fix_workflow" },
  };
}
