// One planning round: the model sees the memo, calls tools (each validated, each persisted as a
// step, each write committed as a rollback point) and stops at `finish`, at the action limit, at a
// question for a person, or when a budget says no. It never decides success; verification does.
import type { Store } from "../../store/store.ts";
import { runStep } from "../../runs/run-step.ts";
import type { Permission, Tool, ToolContext } from "../../tools/define-tool.ts";
import type { Budget, BudgetKind } from "./budget.ts";
import type { Model, ModelRole, ToolCallRequest } from "../model/model.ts";
import { compressHistory, type HistoryItem } from "./compress-history.ts";
import { executeCall, type ExecRecord } from "./execute-call.ts";
import { systemPrompt, maxActionsPerRound } from "./system-prompt.ts";
import { traceEntry, type TraceEntry } from "./reasoning-trace.ts";

export interface RoundDeps {
  store: Store;
  now: () => Date;
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

type TurnRecord = {
  text: string | null;
  toolCalls: ToolCallRequest[];
  usage: { inputTokens: number; outputTokens: number };
  costUsd: number;
  model: string;
  trace: TraceEntry;
};

const maxTurnsPerRound = 10;
/** threat model A20: commands that hang (watch mode, stdin) would burn the budget one timeout at a time. */
export const maxConsecutiveTimeouts = 3;

export async function runModelRound(deps: RoundDeps, round: number, memo: string): Promise<RoundResult> {
  const result: RoundResult = {
    end: "verify",
    question: null,
    heldStep: null,
    stop: null,
    actions: [],
    commits: [],
    finishSummary: null,
    trace: [],
  };
  const history: HistoryItem[] = [
    { message: { role: "system", content: systemPrompt }, summary: null, turn: 0 },
    { message: { role: "user", content: memo }, summary: null, turn: 0 },
  ];
  const specs = deps.tools.map((t) => ({
    name: t.name,
    description: t.description,
    parameters: t.parameters,
  }));
  let execIndex = 0;
  let idleTurns = 0;
  let timeoutsInARow = 0;
  for (let turn = 1; turn <= maxTurnsPerRound; turn++) {
    // The first turn of a round plans (planning model); the turns that carry it out use the execution model.
    const role: ModelRole = turn === 1 ? "planning" : "execution";
    const messages = compressHistory(history, turn - 1);
    const reservation = deps.budget.reserveModelCall(role, messages, specs, deps.maxOutputTokens);
    if (!reservation.ok)
      return { ...result, end: "budget", stop: { kind: reservation.kind, reason: reservation.reason } };
    const stepId = turn === 1 ? `round-${round}:plan` : `round-${round}:model-${turn}`;
    const { output: record } = await runStep<TurnRecord>(
      deps,
      { runId: deps.runId, stepId, kind: "model", input: { round, turn, maxTokens: reservation.maxTokens } },
      async () => {
        const reply = await deps.model.complete({
          role,
          messages,
          tools: specs,
          maxTokens: reservation.maxTokens,
        });
        const decision =
          reply.toolCalls.length > 0
            ? `call ${reply.toolCalls.map((c) => c.name).join(", ")}`
            : "no tool call";
        return {
          text: reply.text,
          toolCalls: reply.toolCalls,
          usage: reply.usage,
          costUsd: reply.costUsd,
          model: reply.model,
          trace: traceEntry(stepId, decision, reply.text ? [reply.text] : [], 0.5),
        };
      },
    );
    deps.budget.recordModelCall(record);
    result.trace.push(record.trace);
    history.push({
      message: { role: "assistant", content: record.text, toolCalls: record.toolCalls },
      summary: null,
      turn,
    });
    if (record.toolCalls.length === 0) {
      if (++idleTurns >= 2) return result;
      history.push({
        message: { role: "user", content: "Call a tool, or call finish if the change is complete." },
        summary: null,
        turn,
      });
      continue;
    }
    idleTurns = 0;
    let stopRound = false;
    for (const call of record.toolCalls) {
      const execId = `round-${round}:exec-${++execIndex}`;
      let execStep = execId;
      let exec: ExecRecord;
      if (stopRound) {
        exec = {
          tool: call.name,
          status: "skipped",
          forModel: `not run: the round ended (at most ${maxActionsPerRound} changes, then verification)`,
          summary: `skipped ${call.name}`,
          commit: null,
          question: null,
          action: false,
          trace: traceEntry(execId, "skipped", [], 1),
        };
      } else {
        const allowed = deps.budget.reserveToolCall();
        if (!allowed.ok)
          return { ...result, end: "budget", stop: { kind: allowed.kind, reason: allowed.reason } };
        ({ output: exec } = await runStep<ExecRecord>(
          deps,
          { runId: deps.runId, stepId: execId, kind: "tool", input: { ...call } },
          () => executeCall({ ...deps, ctx: deps.toolContext(), stepId: execId }, call),
        ));
        if (exec.status === "held" && deps.approvals.includes(execId)) {
          execStep = `${execId}:approved`;
          ({ output: exec } = await runStep<ExecRecord>(
            deps,
            { runId: deps.runId, stepId: execStep, kind: "tool", input: { ...call, approvedStep: execId } },
            () => executeCall({ ...deps, ctx: deps.toolContext(), stepId: execStep, approved: true }, call),
          ));
        }
      }
      result.trace.push(exec.trace);
      history.push({
        message: { role: "tool", toolCallId: call.id, content: exec.forModel },
        summary: exec.summary,
        turn,
      });
      timeoutsInARow = exec.timedOut ? timeoutsInARow + 1 : call.name === "run_command" ? 0 : timeoutsInARow;
      if (timeoutsInARow >= maxConsecutiveTimeouts)
        return {
          ...result,
          end: "budget",
          stop: {
            kind: "timeouts",
            reason: `too_many_timeouts: ${timeoutsInARow} commands in a row were killed at the per-command timeout`,
          },
        };
      if (exec.action && exec.status === "ok") result.actions.push(exec.summary);
      if (exec.commit) result.commits.push({ sha: exec.commit, stepId: execStep, summary: exec.summary });
      if (exec.question)
        return {
          ...result,
          end: "needs_input",
          question: exec.question,
          heldStep: exec.status === "held" ? execId : null,
        };
      if (exec.status === "ok" && call.name === "finish") {
        result.finishSummary = exec.summary;
        stopRound = true;
      }
      if (result.actions.length >= maxActionsPerRound) stopRound = true;
    }
    if (stopRound) return result;
  }
  return result;
}
