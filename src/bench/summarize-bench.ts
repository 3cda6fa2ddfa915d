// Totals of one bench run (one model): solve rates over the valid tasks (invalid tasks and crashed
// runs are counted apart, never as failures of the model), spend and wall time.
import type { BenchRecord } from "./bench-record.ts";

export interface BenchSummary {
  model: string;
  tasks: number;
  /** Tasks whose failing commands failed first and whose run did not crash. */
  valid: number;
  solved: number;
  solvedFirstAttempt: number;
  invalid: number;
  errors: number;
  heldForApproval: number;
  weakeningFlagged: number;
  /** solved / valid, 0..1 (0 when nothing was valid). */
  solveRate: number;
  firstAttemptRate: number;
  meanRepairRounds: number;
  toolCalls: number;
  tokens: number;
  costUsd: number;
  /** Cost per solved task; null when nothing was solved. */
  costPerSolvedUsd: number | null;
  medianWallMs: number;
  p90WallMs: number;
}

export function summarizeBench(records: readonly BenchRecord[]): BenchSummary {
  const valid = records.filter((r) => r.outcome === "solved" || r.outcome === "not_solved");
  const count = (p: (r: BenchRecord) => boolean) => records.filter(p).length;
  const solved = count((r) => r.solved);
  const firstAttempt = count((r) => r.solvedFirstAttempt);
  const costUsd = records.reduce((s, r) => s + r.costUsd, 0);
  const walls = records.filter((r) => r.outcome !== "error").map((r) => r.wallMs);
  const models = [...new Set(records.map((r) => r.model))];
  return {
    model: models.join(", ") || "none",
    tasks: records.length,
    valid: valid.length,
    solved,
    solvedFirstAttempt: firstAttempt,
    invalid: count((r) => r.outcome === "invalid"),
    errors: count((r) => r.outcome === "error"),
    heldForApproval: count((r) => r.heldForApproval),
    weakeningFlagged: count((r) => r.testWeakening.length > 0),
    solveRate: valid.length === 0 ? 0 : solved / valid.length,
    firstAttemptRate: valid.length === 0 ? 0 : firstAttempt / valid.length,
    meanRepairRounds: valid.length === 0 ? 0 : valid.reduce((s, r) => s + r.repairRounds, 0) / valid.length,
    toolCalls: records.reduce((s, r) => s + r.toolCalls, 0),
    tokens: records.reduce((s, r) => s + r.inputTokens + r.outputTokens, 0),
    costUsd,
    costPerSolvedUsd: solved === 0 ? null : costUsd / solved,
    medianWallMs: quantile(walls, 0.5),
    p90WallMs: quantile(walls, 0.9),
  };
}

/** Nearest-rank quantile; 0 for no values. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}
