// Budgets enforced outside the model. Every model call is reserved BEFORE it is made with an upper
// bound of its tokens and cost (input estimate + max_tokens), and max_tokens is cut to what is left,
// so no single turn can overshoot. Tool calls and wall time are checked before each call too.
import { z } from "zod";
import type { RepoConfig } from "../../config.ts";
import type { ChatMessage, Model, ModelRole, ModelTurn, ToolSpec } from "../model/model.ts";

export interface BudgetLimits {
  maxTokens: number;
  maxCostUsd: number;
  maxWallMs: number;
  maxToolCalls: number;
  maxRepairRounds: number;
}

export const budgetKind = z.enum(["tokens", "cost", "time", "tool_calls", "rounds", "timeouts"]);
export type BudgetKind = z.infer<typeof budgetKind>;
export type BudgetCheck = { ok: true } | { ok: false; kind: BudgetKind; reason: string };
export type ModelReservation =
  { ok: true; maxTokens: number; inputTokens: number } | { ok: false; kind: BudgetKind; reason: string };

export const spend = z.object({
  inputTokens: z.number(),
  outputTokens: z.number(),
  costUsd: z.number(),
  modelCalls: z.number(),
  toolCalls: z.number(),
  elapsedMs: z.number(),
});
export type Spend = z.infer<typeof spend>;

/** The smallest answer worth asking for: below this the run stops instead of calling. */
const minOutputTokens = 256;

export function budgetLimitsFrom(
  config: RepoConfig["budget"],
  overrides: { maxCostUsd?: number } = {},
): BudgetLimits {
  return {
    maxTokens: config.max_tokens,
    maxCostUsd: overrides.maxCostUsd ?? config.max_cost_usd,
    maxWallMs: config.max_wall_minutes * 60_000,
    maxToolCalls: config.max_tool_calls,
    maxRepairRounds: config.max_repair_rounds,
  };
}

/** A deliberately high estimate of prompt tokens: ~2.5 ASCII chars per token, 2 tokens per other char. */
export function estimateInputTokens(messages: readonly ChatMessage[], tools: readonly ToolSpec[]): number {
  const texts = [
    ...messages.map((m) =>
      m.role === "assistant" ? `${m.content ?? ""}${JSON.stringify(m.toolCalls)}` : m.content,
    ),
    ...tools.map((t) => JSON.stringify(t)),
  ];
  let tokens = 0;
  for (const text of texts) {
    let ascii = 0;
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) < 128) ascii++;
    tokens += Math.ceil(ascii / 2.5) + (text.length - ascii) * 2 + 8;
  }
  return tokens;
}

export function createBudget(limits: BudgetLimits, model: Pick<Model, "maxCostUsd"> | null, now: () => Date) {
  const startedAt = now().getTime();
  const spend: Spend = {
    inputTokens: 0,
    outputTokens: 0,
    costUsd: 0,
    modelCalls: 0,
    toolCalls: 0,
    elapsedMs: 0,
  };
  const elapsed = () => now().getTime() - startedAt;

  function checkTime(): BudgetCheck {
    if (elapsed() < limits.maxWallMs) return { ok: true };
    return {
      ok: false,
      kind: "time",
      reason: `wall-time budget of ${Math.round(limits.maxWallMs / 1000)} s used up`,
    };
  }

  return {
    limits,
    checkTime,
    remainingMs: () => Math.max(0, limits.maxWallMs - elapsed()),
    reserveModelCall: (
      role: ModelRole,
      messages: readonly ChatMessage[],
      tools: readonly ToolSpec[],
      wanted: number,
    ): ModelReservation => {
      const time = checkTime();
      if (!time.ok) return time;
      return reserveTokens({ limits, model, spend }, role, estimateInputTokens(messages, tools), wanted);
    },
    recordModelCall(turn: Pick<ModelTurn, "usage" | "costUsd">): void {
      spend.inputTokens += turn.usage.inputTokens;
      spend.outputTokens += turn.usage.outputTokens;
      spend.costUsd += turn.costUsd;
      spend.modelCalls += 1;
    },
    reserveToolCall(): BudgetCheck {
      const time = checkTime();
      if (!time.ok) return time;
      if (spend.toolCalls >= limits.maxToolCalls)
        return {
          ok: false,
          kind: "tool_calls",
          reason: `tool-call budget of ${limits.maxToolCalls} used up`,
        };
      spend.toolCalls += 1;
      return { ok: true };
    },
    spend: (): Spend => ({ ...spend, elapsedMs: elapsed() }),
  };
}

export type Budget = ReturnType<typeof createBudget>;

// max_tokens for the next call: what the token budget leaves after the prompt, cut further to what
// the cost budget can pay for at the model's output price.
function reserveTokens(
  budget: { limits: BudgetLimits; model: Pick<Model, "maxCostUsd"> | null; spend: Spend },
  role: ModelRole,
  inputTokens: number,
  wanted: number,
): ModelReservation {
  const { limits, model, spend } = budget;
  const tokensLeft = limits.maxTokens - spend.inputTokens - spend.outputTokens - inputTokens;
  let maxTokens = Math.min(wanted, tokensLeft);
  if (maxTokens < minOutputTokens)
    return {
      ok: false,
      kind: "tokens",
      reason: `token budget of ${limits.maxTokens} would be exceeded by the next call (${spend.inputTokens + spend.outputTokens} used, next prompt ~${inputTokens})`,
    };
  if (model) {
    const inputCost = model.maxCostUsd(role, inputTokens, 0);
    const perOutputToken = model.maxCostUsd(role, 0, 1_000_000) / 1_000_000;
    const costLeft = limits.maxCostUsd - spend.costUsd - inputCost;
    if (perOutputToken > 0) maxTokens = Math.min(maxTokens, Math.floor(costLeft / perOutputToken));
    if (maxTokens < minOutputTokens || costLeft <= 0)
      return {
        ok: false,
        kind: "cost",
        reason: `cost budget of $${limits.maxCostUsd.toFixed(2)} would be exceeded by the next call ($${spend.costUsd.toFixed(4)} spent)`,
      };
  }
  return { ok: true, maxTokens, inputTokens };
}
