// A bench record with every field set, for tests that vary one or two of them.
import type { BenchRecord } from "../../src/bench/bench-record.ts";

export function benchRecordWith(overrides: Partial<BenchRecord>): BenchRecord {
  return {
    taskId: "t1",
    kind: "mutation",
    model: "m",
    startedAt: "2026-12-04T10:00:00.000Z",
    outcome: "solved",
    solved: true,
    solvedFirstAttempt: true,
    because: null,
    loop: { status: "done", reason: "green", fixedBy: "model" },
    rounds: 1,
    repairRounds: 0,
    toolCalls: 2,
    modelCalls: 1,
    inputTokens: 900,
    outputTokens: 60,
    costUsd: 0.01,
    wallMs: 4000,
    judgeMs: 1000,
    heldForApproval: false,
    testWeakening: [],
    judge: {
      failing: [{ command: "npm test", exitCode: 0 }],
      suite: [{ command: "npm test", exitCode: 0 }],
      brokenTests: [],
    },
    ...overrides,
  };
}
