// The tools phase of a model round: each call of the model's turn is answered in order (skipped
// once the round is closing), run as a persisted step, committed when it changed the workspace;
// a question, a budget refusal or too many timeouts in a row end the round.
import { execRecord, executeCall, type ExecRecord } from "./execute-call.ts";
import type { ToolCallRequest } from "../model/model.ts";
import { budgetEnd, verifyNext, type Phase, type Round } from "./model-round-state.ts";
import { traceEntry } from "./reasoning-trace.ts";
import { maxActionsPerRound } from "./system-prompt.ts";

/** threat model A20: commands that hang (watch mode, stdin) would burn the budget one timeout at a time. */
export const maxConsecutiveTimeouts = 3;

// Every call of the turn gets an answer (the model API needs one per call id), in order.
export async function toolTurn(
  state: Round,
  phase: { turn: number; calls: ToolCallRequest[] },
): Promise<Phase> {
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
