// Human form of a diagnosis: failures grouped by tool, `file:line` first, then the verdict.
import type { Failure } from "../perception/failure.ts";
import type { DiagnoseResult } from "../perception/diagnose.ts";

const MESSAGE_LINES = 3;

export function renderDiagnosis(result: DiagnoseResult): string {
  const out: string[] = [];
  const byTool = new Map<string, Failure[]>();
  for (const f of result.failures) byTool.set(f.tool, [...(byTool.get(f.tool) ?? []), f]);
  if (byTool.size === 0) out.push("No failures found in the log.");
  for (const [tool, failures] of byTool) {
    out.push(`${tool}: ${failures.length} failure${failures.length === 1 ? "" : "s"}`);
    for (const f of failures) out.push(...renderFailure(f), "");
  }
  const { verdict, reason, evidence } = result.classification;
  out.push(`Classification: ${verdict} (${reason})`);
  if (evidence !== "") out.push(`  evidence: ${evidence}`);
  for (const note of result.notes) out.push(`Note: ${note}`);
  return `${out.join("\n")}\n`;
}

function renderFailure(f: Failure): string[] {
  const where =
    f.file === null
      ? "(no file)"
      : `${f.file}${f.line === null ? "" : `:${f.line}`}${f.column === null ? "" : `:${f.column}`}`;
  const label = [f.kind, f.rule, f.test].filter((x) => x !== null && x !== "").join(" · ");
  const lines = [`  ${where}  ${label}`];
  for (const text of f.message.split("\n").slice(0, MESSAGE_LINES)) lines.push(`    ${text}`);
  return lines;
}
