// One model round (run-model-round.ts): what it needs, what it returns, its states, and what it
// accumulates while they run.
import type { Permission, Tool, ToolContext } from "../../tools/define-tool.ts";
import type { Model, ToolCallRequest, ToolSpec } from "../model/model.ts";
import type { Step } from "../step.ts";
import type { Budget, BudgetKind } from "./budget.ts";
import type { HistoryItem } from "./compress-history.ts";
import type { TraceEntry } from "./reasoning-trace.ts";

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

export type Phase =
  | { at: "model"; turn: number }
  | { at: "tools"; turn: number; calls: ToolCallRequest[] }
  | { at: "end"; end: Pick<RoundResult, "end" | "question" | "heldStep" | "stop"> };

/** What one round accumulates while its phases run. */
export interface Round {
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

export const verifyNext: Phase = {
  at: "end",
  end: { end: "verify", question: null, heldStep: null, stop: null },
};
export const budgetEnd = (kind: BudgetKind, reason: string): Phase => ({
  at: "end",
  end: { end: "budget", question: null, heldStep: null, stop: { kind, reason } },
});
