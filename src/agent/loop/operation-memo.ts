// Each round starts from this memo instead of the raw transcript: the goal, facts pinned at the top
// (failing commands, failures, files, budget left), what earlier rounds did and how verification
// judged it, the current diff, and the code brief. Log and tool text is fenced as untrusted data.
import type { CheckRun } from "./check-run.ts";
import type { Spend, BudgetLimits } from "./budget.ts";

export type RoundRecord = { round: number; actions: string[]; verdict: string };

export interface MemoInput {
  failing: readonly CheckRun[];
  latest: readonly CheckRun[];
  rounds: readonly RoundRecord[];
  diff: string;
  brief: string;
  instructions: string;
  spend: Spend;
  limits: BudgetLimits;
  round: number;
}

const maxDiffChars = 6000;
const maxTailChars = 3000;

export function untrusted(text: string): string {
  // A closing tag inside the data must not end the fence early.
  return `<untrusted>\n${text.replaceAll("</untrusted>", "</ untrusted>")}\n</untrusted>`;
}

export function operationMemo(m: MemoInput): string {
  const failures = m.failing.flatMap((r) => r.failures).slice(0, 12);
  const files = [...new Set(failures.map((f) => f.file).filter((f): f is string => f !== null))];
  const left = m.limits;
  const pinned = [
    ...m.failing.map(
      (r) => `- failing command: \`${r.command}\` (exit ${r.exitCode}${r.timedOut ? ", timed out" : ""})`,
    ),
    ...failures.map(
      (f) =>
        `- ${f.tool} ${f.kind}${f.file ? ` at ${f.file}${f.line ? `:${f.line}` : ""}` : ""}${f.test ? ` in test ${JSON.stringify(f.test)}` : ""}: ${f.message.split("\n")[0]}`,
    ),
    `- files named by the failures: ${files.length > 0 ? files.join(", ") : "none"}`,
    `- budget left: ${left.maxTokens - m.spend.inputTokens - m.spend.outputTokens} tokens, $${(left.maxCostUsd - m.spend.costUsd).toFixed(3)}, ${left.maxToolCalls - m.spend.toolCalls} tool calls, ${Math.max(0, left.maxRepairRounds + 1 - m.round)} repair rounds after this one`,
  ];
  const done =
    m.rounds.length === 0
      ? ["- nothing yet"]
      : m.rounds.map((r) => `- round ${r.round}: ${r.actions.join("; ") || "no change"} → ${r.verdict}`);
  const tail = m.latest
    .filter((r) => r.exitCode !== 0)
    .map((r) => `$ ${r.command} (exit ${r.exitCode})\n${r.tail.slice(-maxTailChars)}`)
    .join("\n\n");
  const diff = m.diff.length > maxDiffChars ? `${m.diff.slice(0, maxDiffChars)}\n… diff cut` : m.diff;
  return [
    `# Goal\nMake the failing commands pass without weakening any test. This is round ${m.round}.`,
    m.instructions ? `# Instructions from the person who asked\n${untrusted(m.instructions)}` : "",
    `# Pinned facts\n${pinned.join("\n")}`,
    `# Done so far\n${done.join("\n")}`,
    `# Current diff against the start of the run\n${diff.trim() === "" ? "(no changes yet)" : untrusted(diff)}`,
    tail ? `# Latest output of the failing commands\n${untrusted(tail)}` : "",
    m.brief ? `# Relevant code\n${untrusted(m.brief)}` : "",
  ]
    .filter((s) => s !== "")
    .join("\n\n");
}
