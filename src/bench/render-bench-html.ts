// A self-contained HTML report of one or more bench runs: totals, inline SVG plots (solve rate and
// cost per run, wall-time distribution) and one row per task. Every string from a record (task
// ids, model names, reasons from the run) is escaped; nothing is loaded from elsewhere.
import type { BenchRecord } from "./bench-record.ts";
import type { LabelledRun } from "./compare-bench.ts";
import { percent, seconds, usd } from "./render-bench-table.ts";
import { summarizeBench, type BenchSummary } from "./summarize-bench.ts";
import { barChart, histogram } from "./svg-plots.ts";
import { escapeHtml } from "./escape-html.ts";

export function renderBenchHtml(runs: readonly LabelledRun[], title = "Xihe bench"): string {
  const summaries = runs.map((r) => ({ label: r.label, summary: summarizeBench(r.records) }));
  const plots = [
    barChart(
      "solve rate",
      summaries.map((s) => ({
        label: s.label,
        value: s.summary.solveRate,
        text: percent(s.summary.solveRate),
      })),
      1,
    ),
    barChart(
      "cost (USD)",
      summaries.map((s) => ({ label: s.label, value: s.summary.costUsd, text: usd(s.summary.costUsd) })),
    ),
    histogram(
      "wall time per task (s)",
      runs.map((r) => ({
        label: r.label,
        values: r.records.filter((x) => x.outcome !== "error").map((x) => x.wallMs / 1000),
      })),
    ),
  ];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#222}
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:3px 8px;text-align:left;vertical-align:top}
th{background:#f3f3f3}.solved{background:#e6f6e6}.not_solved{background:#fbe9e9}.invalid,.error{background:#f4f4f4;color:#666}
.plots svg{margin-right:1.5em;vertical-align:top}
</style></head><body>
<h1>${escapeHtml(title)}</h1>
${totalsTable(summaries)}
<div class="plots">${plots.join("\n")}</div>
${runs.map(taskTable).join("\n")}
</body></html>
`;
}

function totalsTable(summaries: readonly { label: string; summary: BenchSummary }[]): string {
  const head = [
    "run",
    "model",
    "solved",
    "first attempt",
    "invalid",
    "errors",
    "held",
    "weakening",
    "repairs/task",
    "tool calls",
    "tokens",
    "cost",
    "cost/solved",
    "wall median",
    "wall p90",
  ];
  const rows = summaries.map(({ label, summary: s }) => [
    label,
    s.model,
    `${s.solved}/${s.valid} (${percent(s.solveRate)})`,
    `${s.solvedFirstAttempt}/${s.valid} (${percent(s.firstAttemptRate)})`,
    String(s.invalid),
    String(s.errors),
    String(s.heldForApproval),
    String(s.weakeningFlagged),
    s.meanRepairRounds.toFixed(2),
    String(s.toolCalls),
    String(s.tokens),
    usd(s.costUsd),
    s.costPerSolvedUsd === null ? "-" : usd(s.costPerSolvedUsd),
    seconds(s.medianWallMs),
    seconds(s.p90WallMs),
  ]);
  return table(
    head,
    rows.map((cells) => ({ cells })),
  );
}

function taskTable(run: LabelledRun): string {
  const head = [
    "task",
    "kind",
    "result",
    "why not solved",
    "repairs",
    "tool calls",
    "tokens",
    "cost",
    "wall",
    "held",
    "test weakening",
  ];
  const rows = run.records.map((r: BenchRecord) => ({
    className: r.outcome,
    cells: [
      r.taskId,
      r.kind,
      r.outcome === "solved" && r.solvedFirstAttempt ? "solved (first attempt)" : r.outcome.replace("_", " "),
      r.because ?? "",
      String(r.repairRounds),
      String(r.toolCalls),
      String(r.inputTokens + r.outputTokens),
      usd(r.costUsd),
      seconds(r.wallMs),
      r.heldForApproval ? "yes" : "",
      r.testWeakening.map((w) => `${w.kind} in ${w.path}${w.held ? " (held)" : ""}`).join("; "),
    ],
  }));
  return `<h2>${escapeHtml(run.label)}</h2>\n${table(head, rows)}`;
}

function table(
  head: readonly string[],
  rows: readonly { className?: string; cells: readonly string[] }[],
): string {
  const th = head.map((h) => `<th>${escapeHtml(h)}</th>`).join("");
  const body = rows
    .map((r) => {
      const cls = r.className ? ` class="${escapeHtml(r.className)}"` : "";
      return `<tr${cls}>${r.cells.map((c) => `<td>${escapeHtml(c)}</td>`).join("")}</tr>`;
    })
    .join("\n");
  return `<table><thead><tr>${th}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}
