import { afterEach, describe, expect, it } from "vitest";
import { fixHarness, type Harness } from "../support/fix-harness.ts";
import {
  loadTurns,
  startScriptedModelServer,
  type ScriptedModelServer,
} from "../support/scripted-model-server.ts";
import { sumRepo, testCommand } from "../support/sum-repo.ts";
import { budgetLimitsFrom } from "../../../src/agent/loop/budget.ts";
import { defaultRepoConfig } from "../../../src/config.ts";

let h: Harness;
let server: ScriptedModelServer;
afterEach(async () => {
  await server.close();
  await h.cleanup();
});

const defaults = budgetLimitsFrom(defaultRepoConfig.budget);

describe("fix loop budgets", () => {
  it("stops on the token budget before a call that could exceed it, never after", async () => {
    h = fixHarness(sumRepo);
    server = await startScriptedModelServer(loadTurns("token-hungry"));
    const limits = { ...defaults, maxTokens: 9000 };
    const outcome = await h.run(
      { runId: "tok1", commands: [testCommand], limits },
      { baseURL: server.baseURL },
    );
    expect(outcome.status).toBe("gave_up");
    expect(outcome.budgetStop?.kind).toBe("tokens");
    expect(outcome.reason).toMatch(
      /^stopped: token budget of 9000 would be exceeded by the next call \(6550 used/,
    );
    expect(server.requests).toHaveLength(1);
    expect(server.remaining()).toBe(1);
    expect(outcome.spend.inputTokens + outcome.spend.outputTokens).toBeLessThanOrEqual(9000);
    // The one call made asked for no more output than the budget had room for.
    expect(server.requests[0]!.body.max_tokens).toBeLessThanOrEqual(1024);
  });

  it("stops on wall time: no model or tool call starts after the deadline", async () => {
    h = fixHarness(sumRepo);
    let clock = Date.parse("2026-12-02T12:00:00Z");
    server = await startScriptedModelServer(loadTurns("unit-test-repair").slice(1), () => {
      clock += 30 * 60_000; // the model answers, but half an hour later
    });
    const limits = { ...defaults, maxWallMs: 20 * 60_000 };
    const outcome = await h.run(
      { runId: "time1", commands: [testCommand], limits },
      { baseURL: server.baseURL, now: () => new Date(clock) },
    );
    expect(outcome).toMatchObject({ status: "gave_up", budgetStop: { kind: "time" } });
    expect(outcome.reason).toBe("stopped: wall-time budget of 1200 s used up");
    expect(server.requests).toHaveLength(1);
    expect(await h.store.getStep("time1", "round-1:exec-1")).toBeNull();
  });

  it("stops after the repair-round budget with the last verdict in the report", async () => {
    h = fixHarness(sumRepo);
    server = await startScriptedModelServer(loadTurns("unit-test-repair").slice(1, 3));
    const limits = { ...defaults, maxRepairRounds: 0 };
    const outcome = await h.run(
      { runId: "rounds1", commands: [testCommand], limits },
      { baseURL: server.baseURL },
    );
    expect(outcome).toMatchObject({ status: "gave_up", rounds: 1, budgetStop: { kind: "rounds" } });
    expect(outcome.reason).toBe("stopped: repair-round budget of 0 used up; verification still fails");
    expect(outcome.verdict?.commands).toEqual([
      { command: testCommand, exitBefore: 1, exitAfter: 1, passed: false },
    ]);
    expect(outcome.commits).toHaveLength(1);
  });

  it("stops on the tool-call budget", async () => {
    h = fixHarness(sumRepo);
    server = await startScriptedModelServer(loadTurns("invalid-calls-then-fix").slice(0, 1));
    const limits = { ...defaults, maxToolCalls: 3 };
    const outcome = await h.run(
      { runId: "calls1", commands: [testCommand], limits },
      { baseURL: server.baseURL },
    );
    expect(outcome).toMatchObject({ status: "gave_up", budgetStop: { kind: "tool_calls" } });
    expect(outcome.spend.toolCalls).toBe(3);
    expect(await h.store.getStep("calls1", "round-1:exec-4")).toBeNull();
  });
});
