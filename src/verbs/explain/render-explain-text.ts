// `xihe explain` as text: per changed symbol its sentence, signature change, references with real
// totals (the list capped, "and N more"), the tests that reach it and its risks; then the files
// explain did not read, with the reason. A huge diff prints at most `maxSymbols` symbols.
import type { CallSite } from "../../understanding/explain/symbol-impact.ts";
import type { DiffExplanation, SymbolExplanation } from "../../understanding/explain/explain-diff.ts";
import type { ReachingTest } from "../../understanding/explain/tests-reaching.ts";

const maxSymbols = 40;
const maxSites = 10;

export function renderExplainText(e: DiffExplanation, notes: readonly string[] = []): string {
  const skipped = e.files.filter((f) => f.skipped !== null);
  const out: string[] = [];
  if (e.symbols.length === 0)
    out.push(`${e.files.length} file(s) changed; no function or class changed in the files explain reads.`);
  else out.push(`${e.files.length} file(s) changed, ${e.symbols.length} symbol(s):`);
  for (const s of e.symbols.slice(0, maxSymbols)) out.push("", symbolBlock(s));
  if (e.symbols.length > maxSymbols)
    out.push("", `… and ${e.symbols.length - maxSymbols} more symbol(s) (use --focus or --json)`);
  if (skipped.length > 0) {
    out.push("", "not read:");
    for (const f of skipped.slice(0, maxSymbols))
      out.push(`  ${f.path} (${f.skipped?.replace(/_/g, " ")}, +${f.added}/-${f.removed})`);
    if (skipped.length > maxSymbols) out.push(`  … and ${skipped.length - maxSymbols} more`);
  }
  for (const n of notes) out.push("", n);
  return `${out.join("\n")}\n`;
}

function symbolBlock(s: SymbolExplanation): string {
  const from = s.renamedFrom
    ? ` (was ${s.renamedFrom.qualifiedName}${s.renamedFrom.file !== s.file ? ` in ${s.renamedFrom.file}` : ""})`
    : "";
  const lines = [
    `${s.change.padEnd(8)} ${s.file}:${s.line} ${s.qualifiedName}${from} (+${s.addedLines} −${s.removedLines})${s.isTest ? " [test]" : ""}`,
    `  ${s.explanation}`,
  ];
  if (s.signatureChanged) {
    lines.push(`  signature: ${s.signatureBefore ?? "—"}  →  ${s.signatureAfter ?? "—"}`);
    if (s.signatureChange)
      lines.push(
        `  signature change: ${s.signatureChange.compatibility} (${s.signatureChange.reasons.join("; ")})`,
      );
  }
  lines.push(`  API: ${s.api.public ? "public" : "not public"} — ${s.api.reason}`);
  if (s.callerTotal) lines.push(`  called from (${s.callerTotal}): ${sites(s.callers, s.callerTotal)}`);
  if (s.referenceTotal)
    lines.push(`  other references (${s.referenceTotal}): ${sites(s.references, s.referenceTotal, true)}`);
  if (s.testTotal) lines.push(`  referenced in tests (${s.testTotal}): ${sites(s.tests, s.testTotal)}`);
  if (s.testsReachingTotal)
    lines.push(
      `  tests that reach it (${s.testsReachingTotal}): ${reaching(s.testsReaching, s.testsReachingTotal)}`,
    );
  if (s.risks.length) lines.push(`  risks: ${s.risks.join("; ")}`);
  return lines.join("\n");
}

function sites(list: readonly CallSite[], total: number, withUse = false): string {
  const shown = list
    .slice(0, maxSites)
    .map((c) => `${c.path}:${c.line}${withUse && c.use ? ` (${c.use})` : ""}`);
  return `${shown.join(", ")}${total > shown.length ? `, and ${total - shown.length} more` : ""}`;
}

function reaching(list: readonly ReachingTest[], total: number): string {
  const shown = list
    .slice(0, maxSites)
    .map(
      (t) =>
        `${t.path}:${t.line}${t.test ? ` ${t.test}` : ""}${t.changedInDiff ? " (changed in this diff)" : ""}${t.evidence === "coverage" ? " (ran it, by coverage)" : ""}${t.via.length > 2 ? ` via ${t.via.slice(1, -1).join(" → ")}` : ""}`,
    );
  return `${shown.join(", ")}${total > shown.length ? `, and ${total - shown.length} more` : ""}`;
}
