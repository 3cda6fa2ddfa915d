// The fix executor's outcome: check-run annotations come from untrusted log text, so they go
// through unfixedAnnotations (cleaned, capped, tests the verification saw flip dropped).
import { describe, expect, it } from "vitest";
import type { FixOutcome } from "../../../src/agent/loop/fix-outcome.ts";
import type { RunContext } from "../../../src/runs/run-executor.ts";
import type { RunRecord } from "../../../src/store/store.ts";
import type { PrChecksPerception } from "../../../src/verbs/diagnose/perceive-pr-checks.ts";
import { toOutcome } from "../../../src/verbs/fix/fix-run-executor.ts";

const run: RunRecord = {
  id: "r1",
  installationId: 1,
  repo: "o/r",
  pr: 1,
  headSha: "a".repeat(40),
  verb: "fix",
  args: "",
  trigger: "comment",
  requester: "octocat",
  status: "running",
  reason: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  startedAt: null,
  endedAt: null,
  workerId: null,
  notBefore: null,
  budget: {},
  spend: {},
  context: { headRef: "changes" },
};

const failure = (test: string, line: number, message: string): PrChecksPerception["failures"][number] => ({
  tool: "jest",
  kind: "test",
  file: "test/sum.test.js",
  line,
  column: null,
  test,
  message,
  rule: null,
  frames: [],
});

const noSpend = { inputTokens: 0, outputTokens: 0, costUsd: 0, modelCalls: 0, toolCalls: 0, elapsedMs: 0 };

function gaveUp(testsFixed: string[]): FixOutcome {
  return {
    status: "gave_up",
    reason: "no verified fix",
    branch: null,
    baseCommit: "b".repeat(40),
    commits: [],
    perception: { state: "code", runs: [], reruns: [], reason: "" },
    verdict: {
      green: false,
      commands: [],
      lint: [],
      diffCheck: { ok: true, output: "" },
      testsFixed,
      testsBroken: [],
      runs: [],
      summary: "",
    },
    rounds: 1,
    fixedBy: null,
    question: null,
    heldStep: null,
    budgetStop: null,
    spend: noSpend,
    trace: [],
  };
}

const ctx = { run } as unknown as RunContext;

describe("fix run outcome annotations", () => {
  it("A18: log text is cleaned, tests that now pass are dropped, and at most 50 are sent", () => {
    const failures = [
      failure("adds", 6, "\u001b[31mexpected 3\u001b[0m\u202e"),
      failure("subtracts", 10, "expected 1"),
      ...Array.from({ length: 60 }, (_, i) => failure(`t${i}`, 20 + i, "boom")),
    ];
    const perception: PrChecksPerception = {
      failures,
      classification: { verdict: "code", evidence: "", reason: "a test failed" },
      jobs: [{ name: "test", conclusion: "failure", note: null, failures: failures.length }],
      statuses: [],
    };
    const out = toOutcome(ctx, { perception, outcome: gaveUp(["subtracts"]), delivery: null, change: null });
    expect(out.status).toBe("failed");
    expect(out.annotations?.[0]).toEqual({
      path: "test/sum.test.js",
      line: 6,
      level: "failure",
      message: "jest adds: expected 3",
    });
    expect(out.annotations?.some((a) => a.line === 10)).toBe(false);
    expect(out.annotations).toHaveLength(50);
  });
});

describe("fix run outcome with verify.workflows", () => {
  it("a verification workflow that failed: the comment's evidence table shows it, and the alert says why", () => {
    const perception: PrChecksPerception = {
      failures: [failure("adds", 6, "expected 3")],
      classification: { verdict: "code", evidence: "", reason: "a test failed" },
      jobs: [{ name: "test", conclusion: "failure", note: null, failures: 1 }],
      statuses: [],
    };
    const summary =
      "workflow etl_smoke failed (instance 100): permanent missing_table in load_orders; a permanent failure (missing_table): a retry would fail the same way";
    const outcome = {
      ...gaveUp(["adds"]),
      reason: `the change passes its own checks, but verification ${summary}`,
      workflows: [
        { name: "etl_smoke", status: "failed" as const, instanceId: 100, state: "FAILURE", summary },
      ],
    };
    const out = toOutcome(ctx, { perception, outcome, delivery: null, change: null });
    expect(out.status).toBe("failed");
    expect(out.alert).toEqual({
      failureClass: "verification_workflow_failed",
      retries: 1,
      suggestion: "fix_workflow",
    });
    expect(out.body).toContain(
      "| DolphinScheduler workflow `etl_smoke` | — | FAILURE (instance 100) | ❌ fail |",
    );
    const plain = toOutcome(ctx, { perception, outcome: gaveUp(["adds"]), delivery: null, change: null });
    expect(plain.alert?.failureClass).not.toBe("verification_workflow_failed");
    expect(plain.body).not.toContain("DolphinScheduler");
  });
});
