import { afterEach, describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
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

type WireMessage = { role: string; content: string | null; tool_call_id?: string };
const messagesOf = (i: number) => server.requests[i]!.body.messages as WireMessage[];

describe("fix loop with a scripted model", () => {
  it("fixes a failing unit test: the first attempt fails verification, the repair round succeeds (and a 429 Retry-After is honoured)", async () => {
    h = fixHarness(sumRepo);
    server = await startScriptedModelServer(loadTurns("unit-test-repair"));
    const sleeps: number[] = [];
    const outcome = await h.run(
      { runId: "unit1", commands: [testCommand] },
      { baseURL: server.baseURL, sleeps },
    );

    expect(sleeps[0]).toBeGreaterThanOrEqual(3000);
    // Each round's first turn plans with the planning model; follow-up turns use the execution model.
    expect(server.requests.map((r) => r.body.model)).toEqual(["m-plan", "m-plan", "m", "m-plan"]);
    expect(outcome).toMatchObject({ status: "done", fixedBy: "model", rounds: 2, branch: "xihe/fix-unit1" });
    expect(outcome.verdict?.commands).toEqual([
      { command: testCommand, exitBefore: 1, exitAfter: 0, passed: true },
    ]);
    expect(outcome.verdict?.testsFixed).toEqual(expect.arrayContaining(["adds two numbers"]));
    expect(outcome.verdict?.testsBroken).toEqual([]);
    expect(readFileSync(join(h.repo.root, "src/sum.js"), "utf8")).toContain("return a + b;");
    // One commit per atomic step, each a rollback point on the fix branch.
    expect(h.repo.git("log", "--format=%s", "main..xihe/fix-unit1").trim().split("\n")).toEqual([
      "xihe: edited src/sum.js",
      "xihe: edited src/sum.js",
    ]);
    expect(outcome.commits.map((c) => c.stepId)).toEqual(["round-1:exec-2", "round-2:exec-1"]);

    // Round 2 starts from the memo, not the transcript: it names round 1's change and verdict.
    const round2 = messagesOf(3);
    expect(round2.map((m) => m.role)).toEqual(["system", "user"]);
    expect(round2[1]!.content).toMatch(/round 1: edited src\/sum\.js → still failing: node --test exit 1/);
    expect(round2[1]!.content).toContain("-  return a - b;\n+  return a * b;");

    const steps = (await h.store.listSteps("unit1")).map((s) => s.stepId);
    expect(steps).toEqual([
      "perceive",
      "branch",
      "localize",
      "round-1:plan",
      "round-1:exec-1",
      "round-1:model-2",
      "round-1:exec-2",
      "round-1:exec-3",
      "round-1:verify",
      "round-2:plan",
      "round-2:exec-1",
      "round-2:exec-2",
      "round-2:verify",
      "result",
    ]);
    const verifyStep = await h.store.getStep("unit1", "round-1:verify");
    expect(verifyStep?.output).toMatchObject({ green: false, commands: [{ exitBefore: 1, exitAfter: 1 }] });
    expect(outcome.trace.find((t) => t.step === "round-2:exec-2")).toMatchObject({
      decision: "finished: sum must add its arguments",
      confidence: 0.9,
    });
    expect(outcome.spend).toMatchObject({ modelCalls: 3, inputTokens: 2700, outputTokens: 180 });
  });

  it("answers a forbidden command, an edit outside the repo, malformed JSON, an unknown tool and wrong types with errors, and continues", async () => {
    h = fixHarness(sumRepo);
    server = await startScriptedModelServer(loadTurns("invalid-calls-then-fix"));
    const outcome = await h.run({ runId: "bad1", commands: [testCommand] }, { baseURL: server.baseURL });

    const results = messagesOf(1)
      .filter((m) => m.role === "tool")
      .map((m) => m.content ?? "");
    expect(results).toHaveLength(5);
    expect(results[0]).toMatch(/^error: command refused: `curl` is not an allowed command/);
    expect(results[1]).toMatch(/^error: path_outside_workspace: "\.\.\/outside\.js"/);
    expect(results[2]).toMatch(/^error: arguments for read_file are not valid JSON/);
    expect(results[3]).toMatch(/^error: unknown tool "delete_everything"/);
    expect(results[4]).toMatch(/^error: invalid arguments for read_file: path: .*; fromLine: /);
    expect(existsSync(join(h.repo.root, "..", "outside.js"))).toBe(false);
    expect(outcome).toMatchObject({ status: "done", fixedBy: "model", rounds: 1 });
  });

  it("verifies the configured lint and git diff --check too: passing tests with trailing whitespace are not green", async () => {
    h = fixHarness(sumRepo);
    server = await startScriptedModelServer(loadTurns("trailing-whitespace-fix"));
    const lint = 'grep -q "a + b" src/sum.js';
    const outcome = await h.run(
      {
        runId: "ws1",
        commands: [testCommand],
        lint: [lint],
        limits: { ...budgetLimitsFrom(defaultRepoConfig.budget), maxRepairRounds: 0 },
      },
      { baseURL: server.baseURL },
    );
    expect(outcome.status).toBe("gave_up");
    expect(outcome.verdict).toMatchObject({
      green: false,
      commands: [{ command: testCommand, exitBefore: 1, exitAfter: 0, passed: true }],
      lint: [{ command: lint, exitBefore: null, exitAfter: 0, passed: true }],
      diffCheck: { ok: false, output: expect.stringContaining("src/sum.js:2: trailing whitespace.") },
      summary: "still failing: git diff --check",
    });
  });
});
