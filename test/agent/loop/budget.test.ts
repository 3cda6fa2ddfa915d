import { describe, expect, it } from "vitest";
import { createBudget, estimateInputTokens, type BudgetLimits } from "../../../src/agent/loop/budget.ts";
import type { Model } from "../../../src/agent/model/model.ts";

const limits: BudgetLimits = {
  maxTokens: 10_000,
  maxCostUsd: 0.01,
  maxWallMs: 60_000,
  maxToolCalls: 2,
  maxRepairRounds: 3,
};
// $1 per million input tokens, $10 per million output tokens.
const priced: Pick<Model, "maxCostUsd"> = {
  maxCostUsd: (_role, input, output) => (input * 1 + output * 10) / 1e6,
};
const messages = [{ role: "user" as const, content: "x".repeat(2500) }];

describe("budget", () => {
  it("estimates prompt tokens on the high side (2.5 ASCII chars per token, 2 per other char)", () => {
    expect(estimateInputTokens(messages, [])).toBe(1008);
    expect(estimateInputTokens([{ role: "user", content: "修复" }], [])).toBe(12);
  });

  it("cuts max_tokens to what the token budget has left and refuses below the minimum", () => {
    const budget = createBudget(limits, null, () => new Date(0));
    expect(budget.reserveModelCall("execution", messages, [], 50_000)).toEqual({
      ok: true,
      maxTokens: 10_000 - 1008,
      inputTokens: 1008,
    });
    budget.recordModelCall({ usage: { inputTokens: 8000, outputTokens: 800 }, costUsd: 0 });
    expect(budget.reserveModelCall("execution", messages, [], 4096)).toMatchObject({
      ok: false,
      kind: "tokens",
    });
  });

  it("cuts max_tokens so the worst-case cost fits the cost budget", () => {
    const budget = createBudget(limits, priced, () => new Date(0));
    // $0.01 left - $0.001008 input = $0.008992 → 899 output tokens at $10/M.
    expect(budget.reserveModelCall("execution", messages, [], 4096)).toMatchObject({
      ok: true,
      maxTokens: 899,
    });
    budget.recordModelCall({ usage: { inputTokens: 1000, outputTokens: 700 }, costUsd: 0.008 });
    expect(budget.reserveModelCall("execution", messages, [], 4096)).toMatchObject({
      ok: false,
      kind: "cost",
    });
  });

  it("counts tool calls and wall time before each call", () => {
    let now = 0;
    const budget = createBudget(limits, null, () => new Date(now));
    expect(budget.reserveToolCall()).toEqual({ ok: true });
    expect(budget.reserveToolCall()).toEqual({ ok: true });
    expect(budget.reserveToolCall()).toMatchObject({ ok: false, kind: "tool_calls" });
    now = 60_000;
    expect(budget.reserveModelCall("execution", messages, [], 100)).toMatchObject({
      ok: false,
      kind: "time",
    });
  });
});
