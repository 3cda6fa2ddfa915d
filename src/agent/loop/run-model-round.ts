// One planning round: the model sees the memo, calls tools (each validated, each persisted as a
// step, each write committed as a rollback point) and stops at `finish`, at the action limit, at a
// question for a person, or when a budget says no. It never decides success; verification does.
// The round is a small state machine: a model turn either asks for tool calls (→ tools), says
// nothing (→ the next model turn, or the end after two idle turns) or is refused by the budget
// (→ end); the tool calls lead to the next model turn or end the round.
import { z } from "zod";
import type { ModelRole } from "../model/model.ts";
import {
  budgetEnd,
  verifyNext,
  type Phase,
  type Round,
  type RoundDeps,
  type RoundResult,
} from "./model-round-state.ts";
import { toolTurn } from "./run-round-tools.ts";
import { compressHistory } from "./compress-history.ts";
import { systemPrompt } from "./system-prompt.ts";
import { traceEntry, traceEntrySchema } from "./reasoning-trace.ts";

const turnRecord = z.object({
  text: z.string().nullable(),
  toolCalls: z.array(z.object({ id: z.string(), name: z.string(), arguments: z.string() })),
  usage: z.object({ inputTokens: z.number(), outputTokens: z.number() }),
  costUsd: z.number(),
  model: z.string(),
  trace: traceEntrySchema,
});

const maxTurnsPerRound = 10;

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
