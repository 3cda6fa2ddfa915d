// The "Reproduction" section of a fix run's comment: both evidences side by side — what CI reported
// and what the sandbox's run of the same commands at the same head showed. Test names, paths,
// commands and perception's evidence come from the PR and its logs, so every string goes through
// markdown-text.ts (threat model A27).
import type { FixReport } from "./fix-report.ts";
import { codeSpan, escapeInline } from "./markdown-text.ts";

type Reproduction = NonNullable<FixReport["reproduction"]>;

const shownFailures = 10;
const shownRuns = 10;

const title: Record<Reproduction["outcome"], string> = {
  reproduced: "✅ reproduced: the sandbox shows CI's failure, so a fix was attempted",
  not_reproduced: "🔍 not reproduced: the sandbox does not show CI's failure, so nothing was changed",
  environment: "🧰 environment: the sandbox cannot run the checks, so nothing was changed",
  sandbox_only: "ℹ️ CI's logs named no test or file to compare; the sandbox run is the evidence",
};

export function renderReproduction(found: FixReport["reproduction"]): string[] {
  if (!found) return [];
  return [
    "",
    "#### Reproduction",
    "",
    `${title[found.outcome]} — ${escapeInline(found.reason, 800)}`,
    ...ciEvidence(found),
    ...sandboxEvidence(found),
  ];
}

function ciEvidence(found: Reproduction): string[] {
  if (found.ci.length === 0) return [];
  const more = found.ciTotal > shownFailures ? ` (first ${shownFailures} of ${found.ciTotal})` : "";
  return [
    "",
    `**CI said**${more}:`,
    "",
    ...found.ci
      .slice(0, shownFailures)
      .map(
        (f) => `- ${f.reproduced ? "✅ seen in the sandbox" : "❌ not seen in the sandbox"}: ${describe(f)}`,
      ),
  ];
}

function sandboxEvidence(found: Reproduction): string[] {
  if (found.sandbox.length === 0) return [];
  return [
    "",
    "**The sandbox run** (same head, same commands):",
    "",
    ...found.sandbox.slice(0, shownRuns).map((run) => {
      const exit = run.timedOut ? "timed out" : `exited ${run.exitCode ?? "without a code"}`;
      const seen = run.failures.slice(0, 3).map(describe);
      const extra = run.failures.length > 3 ? ` and ${run.failures.length - 3} more` : "";
      const evidence = run.evidence ? ` — ${escapeInline(run.evidence, 300)}` : "";
      return `- ${codeSpan(run.command, 200)} ${exit}${seen.length ? `: ${seen.join("; ")}${extra}` : ""}${evidence}`;
    }),
  ];
}

function describe(
  f: Reproduction["ci"][number] | Reproduction["sandbox"][number]["failures"][number],
): string {
  const where = f.file ? ` in ${codeSpan(`${f.file}${f.line === null ? "" : `:${f.line}`}`, 200)}` : "";
  const test = f.test ? ` ${codeSpan(f.test, 200)}` : "";
  return `${escapeInline(f.tool, 40)} ${escapeInline(f.kind, 20)}${test}${where}`;
}
