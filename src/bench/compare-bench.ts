// Two bench runs side by side (e.g. two models on the same pack): totals per run, then every task
// whose verdict differs.
import type { BenchRecord } from "./bench-record.ts";
import { alignColumns, percent, seconds, usd } from "./render-bench-table.ts";
import { summarizeBench } from "./summarize-bench.ts";

export interface LabelledRun {
  label: string;
  records: readonly BenchRecord[];
}

/**
 * Tasks `a` solved that `b` does not (a different result, or missing from `b`), as
 * "id (a's outcome → b's)": what a CI run compared with a committed baseline calls a regression.
 */
export function solvedRegressions(a: LabelledRun, b: LabelledRun): string[] {
  const byId = new Map(b.records.map((r) => [r.taskId, r]));
  return a.records
    .filter((r) => r.solved && !byId.get(r.taskId)?.solved)
    .map((r) => `${r.taskId} (${r.outcome} → ${byId.get(r.taskId)?.outcome ?? "missing"})`);
}

export function renderBenchComparison(a: LabelledRun, b: LabelledRun): string {
  const [sa, sb] = [summarizeBench(a.records), summarizeBench(b.records)];
  const line = (name: string, f: (s: typeof sa) => string) => [name, f(sa), f(sb)];
  const totals = alignColumns([
    ["", a.label, b.label],
    line("model", (s) => s.model),
    line("solved", (s) => `${s.solved}/${s.valid} (${percent(s.solveRate)})`),
    line("first attempt", (s) => `${s.solvedFirstAttempt}/${s.valid} (${percent(s.firstAttemptRate)})`),
    line("invalid / errors", (s) => `${s.invalid} / ${s.errors}`),
    line("held / weakening", (s) => `${s.heldForApproval} / ${s.weakeningFlagged}`),
    line("repair rounds/task", (s) => s.meanRepairRounds.toFixed(2)),
    line("tool calls", (s) => String(s.toolCalls)),
    line("tokens", (s) => String(s.tokens)),
    line("cost", (s) => usd(s.costUsd)),
    line("cost/solved", (s) => (s.costPerSolvedUsd === null ? "-" : usd(s.costPerSolvedUsd))),
    line("wall median / p90", (s) => `${seconds(s.medianWallMs)} / ${seconds(s.p90WallMs)}`),
  ]);
  const byId = new Map(b.records.map((r) => [r.taskId, r]));
  const differing = a.records
    .filter((r) => byId.has(r.taskId) && byId.get(r.taskId)!.outcome !== r.outcome)
    .map((r) => [r.taskId, r.outcome, byId.get(r.taskId)!.outcome]);
  const onlyIn = (x: LabelledRun, y: LabelledRun) => {
    const ids = new Set(y.records.map((r) => r.taskId));
    return x.records.filter((r) => !ids.has(r.taskId)).map((r) => r.taskId);
  };
  const parts = [totals];
  parts.push(
    differing.length === 0
      ? "every task common to both has the same result"
      : alignColumns([["task", a.label, b.label], ...differing]),
  );
  const onlyA = onlyIn(a, b);
  const onlyB = onlyIn(b, a);
  if (onlyA.length > 0) parts.push(`only in ${a.label}: ${onlyA.join(", ")}`);
  if (onlyB.length > 0) parts.push(`only in ${b.label}: ${onlyB.join(", ")}`);
  return `${parts.join("\n\n")}\n`;
}
