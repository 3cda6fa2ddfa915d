// Check-run annotations for the failures a run did not fix, on the lines perception found. A fixed
// run has none; otherwise every located failure stays, except tests the verification saw flip to
// passing. Annotation text is plain (not Markdown): only terminal escapes, invisible characters and
// controls are removed.
import type { RunOutcome } from "../runs/run-executor.ts";
import type { FixReport } from "./fix-report.ts";
import { plainText } from "./markdown-text.ts";

type Annotation = NonNullable<RunOutcome["annotations"]>[number];

const maxAnnotations = 50;

export function unfixedAnnotations(
  report: Pick<FixReport, "status" | "failures" | "testsFixed">,
): Annotation[] {
  if (report.status === "fixed") return [];
  const fixed = new Set(report.testsFixed);
  const out: Annotation[] = [];
  for (const f of report.failures) {
    if (f.file === null || f.line === null || f.line < 1) continue;
    if (f.test !== null && fixed.has(f.test)) continue;
    const level = f.classification === "code" || f.classification === "config" ? "failure" : "warning";
    const label = f.classification === "code" ? "" : ` (${f.classification}: not fixed on purpose)`;
    const text = `${f.tool}${f.test ? ` ${f.test}` : ""}${label}: ${f.message}`;
    out.push({ path: f.file, line: f.line, level, message: plainText(text, 4000) });
    if (out.length === maxAnnotations) break;
  }
  return out;
}
