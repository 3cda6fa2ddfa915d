// Executes one validated tool call and records it: invalid calls and ToolFailures go back to the
// model as errors it can correct; a high-risk change is held as a question; a successful change is
// committed (one commit per atomic step, each a rollback point).
import { z } from "zod";
import { ToolFailure } from "../../errors.ts";
import type { Permission, Tool, ToolContext } from "../../tools/define-tool.ts";
import type { ToolCallRequest } from "../model/model.ts";
import { traceEntry, traceEntrySchema } from "./reasoning-trace.ts";
import { sanitizeLlmLine } from "../../sanitize-llm-text.ts";
import { validateToolCall, type CallVerdict } from "./validate-tool-call.ts";

export const execRecord = z.object({
  tool: z.string(),
  status: z.enum(["ok", "invalid", "error", "held", "skipped"]),
  forModel: z.string(),
  summary: z.string(),
  commit: z.string().nullable(),
  /** Set when the run must stop for a person (ask_user, or a held high-risk change). */
  question: z.string().nullable(),
  /** True for calls that change the workspace (write or command permission). */
  action: z.boolean(),
  /** A command the sandbox killed at its timeout. */
  timedOut: z.boolean().optional(),
  /** Test-weakening findings of a proposed change (held or, once approved, applied); for reports. */
  weakening: z.array(z.object({ path: z.string(), kind: z.string() })).optional(),
  trace: traceEntrySchema,
});
export type ExecRecord = z.infer<typeof execRecord>;

const maxForModelChars = 12_000;

export interface ExecuteDeps {
  tools: readonly Tool[];
  allowed: readonly Permission[];
  ctx: ToolContext;
  runId: string;
  stepId: string;
  /** A person approved this held change: the risk gate is passed, every other check still applies. */
  approved?: boolean;
}

export async function executeCall(deps: ExecuteDeps, call: ToolCallRequest): Promise<ExecRecord> {
  const record = await execute(deps, call);
  // Summaries carry model-written text (paths, finish notes) into commits, traces and comments (A24).
  const trace = {
    ...record.trace,
    decision: sanitizeLlmLine(record.trace.decision, 160),
    evidence: record.trace.evidence.map((e) => sanitizeLlmLine(e, 300)),
  };
  return { ...record, summary: sanitizeLlmLine(record.summary, 160), trace };
}

async function execute(deps: ExecuteDeps, call: ToolCallRequest): Promise<ExecRecord> {
  const { ctx, stepId } = deps;
  const verdict = await validateToolCall(call, deps.tools, deps.allowed, ctx);
  const base = { tool: call.name, commit: null, question: null, action: false };
  if (verdict.kind === "invalid")
    return {
      ...base,
      status: "invalid",
      forModel: `error: ${verdict.message}`,
      summary: `rejected ${call.name}: ${verdict.message.slice(0, 120)}`,
      trace: traceEntry(stepId, `reject ${call.name}`, [verdict.message], 1),
    };
  if (verdict.kind === "risky" && deps.approved !== true)
    return {
      ...base,
      status: "held",
      forModel: `not applied: ${verdict.question}`,
      summary: `held ${call.name} for approval (risk ${verdict.risk.score})`,
      question: verdict.question,
      weakening: verdict.risk.weakening.map(({ path, kind }) => ({ path, kind })),
      trace: traceEntry(stepId, `hold ${call.name} for approval`, verdict.risk.reasons, 1),
    };
  return runChecked(deps, call, verdict);
}

// A call that passed validation (or a risky one a person approved): run it, commit what it changed.
async function runChecked(
  deps: ExecuteDeps,
  call: ToolCallRequest,
  verdict: Exclude<CallVerdict, { kind: "invalid" }>,
): Promise<ExecRecord> {
  const { ctx, stepId } = deps;
  const base = { tool: call.name, commit: null, question: null, action: false };
  const tool = deps.tools.find((t) => t.name === call.name)!;
  const action = tool.permission !== "read";
  try {
    const result = await verdict.call.run(ctx);
    const commit = action ? await ctx.git.commitAll(commitMessage(result.summary, deps.runId, stepId)) : null;
    const question =
      call.name === "ask_user" ? String((verdict.call.input as { question: string }).question) : null;
    const confidence =
      call.name === "finish" ? Number((verdict.call.input as { confidence: number }).confidence) : 1;
    const approval = verdict.kind === "risky" ? ["approved by a person despite high risk"] : [];
    const risk = verdict.risk
      ? [`risk ${verdict.risk.level} (${verdict.risk.score})`, ...verdict.risk.reasons]
      : [];
    return {
      ...base,
      status: "ok",
      action,
      commit,
      question,
      forModel: cap(result.forModel),
      summary: result.summary,
      timedOut: result.timedOut === true,
      weakening: verdict.risk?.weakening.map(({ path, kind }) => ({ path, kind })) ?? [],
      trace: traceEntry(
        stepId,
        result.summary,
        [...approval, ...risk, ...(commit ? [`commit ${commit.slice(0, 12)}`] : [])],
        confidence,
      ),
    };
  } catch (err) {
    if (!(err instanceof ToolFailure)) throw err;
    return {
      ...base,
      status: "error",
      action,
      forModel: `error: ${cap(err.message)}`,
      summary: `${call.name} failed: ${err.message.split("\n")[0]?.slice(0, 120)}`,
      trace: traceEntry(stepId, `${call.name} failed`, [err.message], 1),
    };
  }
}

function commitMessage(summary: string, runId: string, stepId: string): string {
  return `xihe: ${sanitizeLlmLine(summary)}\n\nXihe-Run: ${runId}\nXihe-Step: ${stepId}\n`;
}

function cap(text: string): string {
  return text.length > maxForModelChars
    ? `${text.slice(0, maxForModelChars)}\n… cut at ${maxForModelChars} chars`
    : text;
}
