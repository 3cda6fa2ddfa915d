import { describe, expect, it } from "vitest";
import { quantile, summarizeBench } from "../../src/bench/summarize-bench.ts";
import { renderBenchTable } from "../../src/bench/render-bench-table.ts";
import { benchRecordWith } from "./bench-record-fixture.ts";

const records = [
  benchRecordWith({ taskId: "a", costUsd: 0.02, wallMs: 1000 }),
  benchRecordWith({
    taskId: "b",
    solvedFirstAttempt: false,
    rounds: 2,
    repairRounds: 1,
    costUsd: 0.04,
    wallMs: 3000,
  }),
  benchRecordWith({
    taskId: "c",
    outcome: "not_solved",
    solved: false,
    solvedFirstAttempt: false,
    because: "npm test still fails (exit 1)",
    heldForApproval: true,
    testWeakening: [{ path: "test/a.test.js", kind: "removed_assertion", held: true }],
    costUsd: 0.03,
    wallMs: 2000,
  }),
  benchRecordWith({
    taskId: "d",
    outcome: "invalid",
    solved: false,
    solvedFirstAttempt: false,
    costUsd: 0,
    wallMs: 500,
  }),
  benchRecordWith({
    taskId: "e",
    outcome: "error",
    solved: false,
    solvedFirstAttempt: false,
    costUsd: 0,
    wallMs: 0,
  }),
];

describe("summarizeBench", () => {
  it("rates solved tasks over the valid ones and counts invalid tasks and crashes apart", () => {
    const s = summarizeBench(records);
    expect(s).toMatchObject({
      tasks: 5,
      valid: 3,
      solved: 2,
      solvedFirstAttempt: 1,
      invalid: 1,
      errors: 1,
      heldForApproval: 1,
      weakeningFlagged: 1,
    });
    expect(s.solveRate).toBeCloseTo(2 / 3, 9);
    expect(s.meanRepairRounds).toBeCloseTo(1 / 3, 9);
    expect(s.costUsd).toBeCloseTo(0.09, 9);
    expect(s.costPerSolvedUsd).toBeCloseTo(0.045, 9);
    // Crashed runs have no wall time worth counting.
    expect(s.medianWallMs).toBe(1000);
    expect(s.p90WallMs).toBe(3000);
  });

  it("takes nearest-rank quantiles", () => {
    expect(quantile([], 0.5)).toBe(0);
    expect(quantile([5, 1, 3, 2, 4], 0.5)).toBe(3);
    expect(quantile([5, 1, 3, 2, 4], 0.9)).toBe(5);
  });

  it("prints one row per task and the totals", () => {
    const text = renderBenchTable(records);
    expect(text).toMatch(/^a\s+mutation\s+solved \(1st\)/m);
    expect(text).toMatch(/^c\s+mutation\s+not solved\s+0\s+2\s+960\s+\$0\.0300\s+2\.0 s\s+held,weakening$/m);
    expect(text).toContain("model m: solved 2/3 (66.7%), first attempt 1/3 (33.3%)");
    expect(text).toContain("invalid 1, errors 1, held for approval 1, test weakening flagged 1");
  });
});
