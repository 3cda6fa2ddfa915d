// The terminal report of a bench run: one row per task, then the totals.
import type { BenchRecord } from "./bench-record.ts";
import { summarizeBench, type BenchSummary } from "./summarize-bench.ts";

export function renderBenchTable(records: readonly BenchRecord[]): string {
  const rows = records.map((r) => [
    r.taskId,
    r.kind,
    r.outcome === "solved" ? (r.solvedFirstAttempt ? "solved (1st)" : "solved") : r.outcome.replace("_", " "),
    String(r.repairRounds),
    String(r.toolCalls),
    String(r.inputTokens + r.outputTokens),
    usd(r.costUsd),
    seconds(r.wallMs),
    [r.heldForApproval ? "held" : "", r.testWeakening.length > 0 ? "weakening" : ""]
      .filter(Boolean)
      .join(",") || "-",
  ]);
  const table = alignColumns([
    ["task", "kind", "result", "repairs", "tools", "tokens", "cost", "wall", "flags"],
    ...rows,
  ]);
  return `${table}\n\n${renderSummaryLines(summarizeBench(records))}`;
}

export function renderSummaryLines(s: BenchSummary): string {
  return (
    [
      `model ${s.model}: solved ${s.solved}/${s.valid} (${percent(s.solveRate)}), first attempt ${s.solvedFirstAttempt}/${s.valid} (${percent(s.firstAttemptRate)})`,
      `  invalid ${s.invalid}, errors ${s.errors}, held for approval ${s.heldForApproval}, test weakening flagged ${s.weakeningFlagged}`,
      `  repair rounds ${s.meanRepairRounds.toFixed(2)}/task, tool calls ${s.toolCalls}, tokens ${s.tokens}, cost ${usd(s.costUsd)}` +
        (s.costPerSolvedUsd === null ? "" : ` (${usd(s.costPerSolvedUsd)}/solved)`),
      `  wall time median ${seconds(s.medianWallMs)}, p90 ${seconds(s.p90WallMs)}`,
    ].join("\n") + "\n"
  );
}

export function alignColumns(rows: readonly string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  return rows
    .map((r) =>
      r
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

export const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;
export const usd = (value: number) => `$${value.toFixed(4)}`;
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
