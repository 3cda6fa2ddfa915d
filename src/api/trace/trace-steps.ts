// What the trace page reads from a run's stored steps, parsed (never cast) with schemas of the stored
// shapes: the fix loop's `result` (commands before/after, commits, diff, reasoning trace, spend), each
// tool call and its result, and the model turns. Steps of other kinds, or of older runs whose shape
// differs, still appear in the timeline; only their details are left out.
import { z } from "zod";
import type { RunRecord, StepRecord } from "../../store/store.ts";

const traceEntry = z.object({
  step: z.string(),
  decision: z.string(),
  evidence: z.array(z.string()),
  confidence: z.number(),
});
const checkRun = z.object({
  command: z.string(),
  exitCode: z.number().nullable(),
  durationMs: z.number(),
  tail: z.string(),
});
const spend = z.object({
  inputTokens: z.number(),
  outputTokens: z.number(),
  costUsd: z.number(),
  toolCalls: z.number(),
  elapsedMs: z.number(),
});
const fixResult = z.object({
  status: z.string(),
  reason: z.string(),
  branch: z.string().nullable(),
  commits: z.array(z.object({ sha: z.string(), stepId: z.string(), summary: z.string() })),
  perception: z.object({ runs: z.array(checkRun) }),
  verdict: z
    .object({
      commands: z.array(
        z.object({
          command: z.string(),
          exitBefore: z.number().nullable(),
          exitAfter: z.number().nullable(),
        }),
      ),
      runs: z.array(checkRun),
    })
    .nullable(),
  spend,
  trace: z.array(traceEntry),
  diff: z.string().optional(),
});
export type FixResult = z.infer<typeof fixResult>;

const toolInput = z.object({ name: z.string(), arguments: z.string() });
const toolOutput = z.object({
  tool: z.string(),
  status: z.string(),
  summary: z.string(),
  forModel: z.string(),
});
const budgetLimits = z.object({
  maxTokens: z.number(),
  maxCostUsd: z.number(),
  maxWallMs: z.number(),
  maxToolCalls: z.number(),
});
export type BudgetLimits = z.infer<typeof budgetLimits>;
const pushed = z.object({ branch: z.string() });

export interface TimelineStep {
  stepId: string;
  kind: string;
  status: string;
  startedAt: string;
  durationMs: number | null;
  error: string | null;
  tool: { name: string; arguments: string; status: string; summary: string; output: string } | null;
}

export interface RunTrace {
  steps: TimelineStep[];
  result: FixResult | null;
  limits: BudgetLimits | null;
  /** The side branch a delivery pushed (App runs); a CLI run's branch is local. */
  pushedBranch: string | null;
}

export function readRunTrace(run: RunRecord, steps: readonly StepRecord[]): RunTrace {
  const results = steps.filter((s) => s.kind === "result" && s.status === "succeeded");
  const last = results[results.length - 1];
  const result = last ? fixResult.safeParse(last.output) : null;
  const limits = budgetLimits.safeParse(run.budget);
  const push = steps.find((s) => s.kind === "push" && s.stepId.startsWith("deliver:"));
  const pushedOut = push ? pushed.safeParse(push.input) : null;
  return {
    steps: steps.map(toTimelineStep),
    result: result?.success ? result.data : null,
    limits: limits.success ? limits.data : null,
    pushedBranch: pushedOut?.success ? pushedOut.data.branch : null,
  };
}

function toTimelineStep(step: StepRecord): TimelineStep {
  const durationMs = step.endedAt ? Date.parse(step.endedAt) - Date.parse(step.startedAt) : null;
  const input = step.kind === "tool" ? toolInput.safeParse(step.input) : null;
  const output = step.kind === "tool" ? toolOutput.safeParse(step.output) : null;
  return {
    stepId: step.stepId,
    kind: step.kind,
    status: step.status,
    startedAt: step.startedAt,
    durationMs: durationMs !== null && Number.isFinite(durationMs) ? durationMs : null,
    error: step.error,
    tool:
      input?.success && output?.success
        ? {
            name: input.data.name,
            arguments: input.data.arguments,
            status: output.data.status,
            summary: output.data.summary,
            output: output.data.forModel,
          }
        : null,
  };
}
