// One planning round: the model sees the memo, calls tools (each validated, each persisted as a
// step, each write committed as a rollback point) and stops at `finish`, at the action limit, at a
// question for a person, or when a budget says no. It never decides success; verification does.
// The round is a small state machine: a model turn either asks for tool calls (→ tools), says
// nothing (→ the next model turn, or the end after two idle turns) or is refused by the budget
// (→ end); the tool calls lead to the next model turn or end the round.
import { z } from "zod";
import type { Permission, Tool, ToolContext } from "../../tools/define-tool.ts";
import type { Step } from "../step.ts";
import type { Budget, BudgetKind } from "./budget.ts";
import type { Model, ModelRole, ToolCallRequest, ToolSpec } from "../model/model.ts";
import { compressHistory, type HistoryItem } from "./compress-history.ts";
import { execRecord, executeCall, type ExecRecord } from "./execute-call.ts";
import { systemPrompt, maxActionsPerRound } from "./system-prompt.ts";
import { traceEntry, traceEntrySchema, type TraceEntry } from "./reasoning-trace.ts";

export interface RoundDeps {
  step: Step;
  model: Model;
  budget: Budget;
  tools: readonly Tool[];
  allowed: readonly Permission[];
  toolContext: () => ToolContext;
  runId: string;
  maxOutputTokens: number;
  /** Exec step ids of held high-risk changes a person approved (on a resumed run). */
  approvals: readonly string[];
}

export type RoundResult = {
  end: "verify" | "needs_input" | "budget";
  question: string | null;
  /** The exec step holding a high-risk change, when the round ended for approval. */
  heldStep: string | null;
  stop: { kind: BudgetKind; reason: string } | null;
  actions: string[];
  commits: Array<{ sha: string; stepId: string; summary: string }>;
  finishSummary: string | null;
  trace: TraceEntry[];
};

const turnRecord = z.object({
  text: z.string().nullable(),
  toolCalls: z.array(z.object({ id: z.string(), name: z.string(), arguments: z.string() })),
  usage: z.object({ inputTokens: z.number(), outputTokens: z.number() }),
  costUsd: z.number(),
  model: z.string(),
  trace: traceEntrySchema,
});

const maxTurnsPerRound = 10;
/** THREATS A20: commands that hang (watch mode, stdin) would burn the budget one timeout at a time. */
export const maxConsecutiveTimeouts = 3;

type Phase =
  | { at: "model"; turn: number }
  | { at: "tools"; turn: number; calls: ToolCallRequest[] }
  | { at: "end"; end: Pick<RoundResult, "end" | "question" | "heldStep" | "stop"> };

/** What one round accumulates while its phases run. */
interface Round {
  deps: RoundDeps;
  round: number;
  specs: ToolSpec[];
  history: HistoryItem[];
  result: RoundResult;
  execIndex: number;
  idleTurns: number;
  timeoutsInARow: number;
  /** Set by `finish` or the action limit: later calls of the same turn are answered, not run. */
  closing: boolean;
}

const verifyNext: Phase = { at: "end", end: { end: "verify", question: null, heldStep: null, stop: null } };
const budgetEnd = (kind: BudgetKind, reason: string): Phase => ({
  at: "end",
  end: { end: "budget", question: null, heldStep: null, stop: { kind, reason } },
});

export async function runModelRound(deps: RoundDeps, round: number, memo: string): Promise<RoundResult> {
  const state = startRound(deps, round, memo);
  let phase: Phase = { at: "model", turn: 1 };
  while (phase.at !== "end")
    phase = phase.at === "model" ? await modelTurn(state, phase.turn) : await toolTurn(state, phase);
  return { ...state.result, ...phase.end };
}

function startRound(deps: RoundDeps, round: number, memo: string): Round {
  return {
    deps,
    round,
    specs: deps.tools.map((t) => ({ name: t.name, description: t.description, parameters: t.parameters })),
    history: [
      { message: { role: "system", content: systemPrompt }, summary: null, turn: 0 },
      { message: { role: "user", content: memo }, summary: null, turn: 0 },
    ],
    result: {
      end: "verify",
      question: null,
      heldStep: null,
      stop: null,
      actions: [],
      commits: [],
      finishSummary: null,
      trace: [],
    },
    execIndex: 0,
    idleTurns: 0,
    timeoutsInARow: 0,
    closing: false,
  };
}

async function modelTurn(state: Round, turn: number): Promise<Phase> {
  if (turn > maxTurnsPerRound) return verifyNext;
  const { deps, round } = state;
  // The first turn of a round plans (planning model); the turns that carry it out use the execution model.
  const role: ModelRole = turn === 1 ? "planning" : "execution";
  const messages = compressHistory(state.history, turn - 1);
  const reservation = deps.budget.reserveModelCall(role, messages, state.specs, deps.maxOutputTokens);
  if (!reservation.ok) return budgetEnd(reservation.kind, reservation.reason);
  const stepId = turn === 1 ? `round-${round}:plan` : `round-${round}:model-${turn}`;
  const input = { round, turn, maxTokens: reservation.maxTokens };
  const record = await deps.step(stepId, { kind: "model", input, output: turnRecord }, async () => {
    const reply = await deps.model.complete({
      role,
      messages,
      tools: state.specs,
      maxTokens: reservation.maxTokens,
    });
    const decision =
      reply.toolCalls.length > 0 ? `call ${reply.toolCalls.map((c) => c.name).join(", ")}` : "no tool call";
    return {
      text: reply.text,
      toolCalls: reply.toolCalls,
      usage: reply.usage,
      costUsd: reply.costUsd,
      model: reply.model,
      trace: traceEntry(stepId, decision, reply.text ? [reply.text] : [], 0.5),
    };
  });
  deps.budget.recordModelCall(record);
  state.result.trace.push(record.trace);
  state.history.push({
    message: { role: "assistant", content: record.text, toolCalls: record.toolCalls },
    summary: null,
    turn,
  });
  if (record.toolCalls.length > 0) {
    state.idleTurns = 0;
    return { at: "tools", turn, calls: record.toolCalls };
  }
  if (++state.idleTurns >= 2) return verifyNext;
  state.history.push({
    message: { role: "user", content: "Call a tool, or call finish if the change is complete." },
    summary: null,
    turn,
  });
  return { at: "model", turn: turn + 1 };
}

// Every call of the turn gets an answer (the model API needs one per call id), in order.
async function toolTurn(state: Round, phase: { turn: number; calls: ToolCallRequest[] }): Promise<Phase> {
  for (const call of phase.calls) {
    const ended = await toolCall(state, call, phase.turn);
    if (ended) return ended;
  }
  return state.closing ? verifyNext : { at: "model", turn: phase.turn + 1 };
}

async function toolCall(state: Round, call: ToolCallRequest, turn: number): Promise<Phase | null> {
  const execId = `round-${state.round}:exec-${++state.execIndex}`;
  const ran = state.closing
    ? { exec: skipped(call, execId), execStep: execId }
    : await runCall(state, call, execId);
  if ("at" in ran) return ran;
  const { exec, execStep } = ran;
  const { result } = state;
  result.trace.push(exec.trace);
  state.history.push({
    message: { role: "tool", toolCallId: call.id, content: exec.forModel },
    summary: exec.summary,
    turn,
  });
  state.timeoutsInARow = exec.timedOut
    ? state.timeoutsInARow + 1
    : call.name === "run_command"
      ? 0
      : state.timeoutsInARow;
  if (state.timeoutsInARow >= maxConsecutiveTimeouts)
    return budgetEnd(
      "timeouts",
      `too_many_timeouts: ${state.timeoutsInARow} commands in a row were killed at the per-command timeout`,
    );
  if (exec.action && exec.status === "ok") result.actions.push(exec.summary);
  if (exec.commit) result.commits.push({ sha: exec.commit, stepId: execStep, summary: exec.summary });
  if (exec.question)
    return {
      at: "end",
      end: {
        end: "needs_input",
        question: exec.question,
        heldStep: exec.status === "held" ? execId : null,
        stop: null,
      },
    };
  if (exec.status === "ok" && call.name === "finish") {
    result.finishSummary = exec.summary;
    state.closing = true;
  }
  if (result.actions.length >= maxActionsPerRound) state.closing = true;
  return null;
}

// A held high-risk change a person approved runs again as its own step, past the risk gate.
async function runCall(
  state: Round,
  call: ToolCallRequest,
  execId: string,
): Promise<Phase | { exec: ExecRecord; execStep: string }> {
  const { deps } = state;
  const allowed = deps.budget.reserveToolCall();
  if (!allowed.ok) return budgetEnd(allowed.kind, allowed.reason);
  const exec = await deps.step(execId, { kind: "tool", input: { ...call }, output: execRecord }, () =>
    executeCall({ ...deps, ctx: deps.toolContext(), stepId: execId }, call),
  );
  if (exec.status !== "held" || !deps.approvals.includes(execId)) return { exec, execStep: execId };
  const execStep = `${execId}:approved`;
  const approved = await deps.step(
    execStep,
    { kind: "tool", input: { ...call, approvedStep: execId }, output: execRecord },
    () => executeCall({ ...deps, ctx: deps.toolContext(), stepId: execStep, approved: true }, call),
  );
  return { exec: approved, execStep };
}

function skipped(call: ToolCallRequest, execId: string): ExecRecord {
  return {
    tool: call.name,
    status: "skipped",
    forModel: `not run: the round ended (at most ${maxActionsPerRound} changes, then verification)`,
    summary: `skipped ${call.name}`,
    commit: null,
    question: null,
    action: false,
    trace: traceEntry(execId, "skipped", [], 1),
  };
}
