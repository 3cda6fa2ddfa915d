// A followed workflow in words: one line for the run's summary, and markdown for the comment, the
// terminal and a fix run's evidence table. Instance ids let a person find it in DolphinScheduler.
import { codeBlock, codeSpan, escapeInline } from "../../delivery/markdown-text.ts";
import type { WorkflowResult } from "./follow-workflow.ts";

export function workflowSummary(result: WorkflowResult): string {
  const last = result.attempts[result.attempts.length - 1];
  const where = last ? ` (instance ${last.instanceId})` : "";
  if (result.status === "succeeded") return `workflow ${result.name} succeeded${where}${retriedNote(result)}`;
  if (result.status === "timeout") return `workflow ${result.name} timed out${where}: ${result.stopReason}`;
  const failure = last?.failure;
  const cause = failure
    ? `${failure.kind} ${failure.cause}${last?.task ? ` in ${last.task}` : ""}`
    : "failed";
  return `workflow ${result.name} failed${where}: ${cause}; ${result.stopReason}`;
}

// Names and log lines come from DolphinScheduler's tasks (and their data): escaped like any
// outside text before they reach a PR comment (threat model A27).
export function renderWorkflowResult(result: WorkflowResult): string {
  const rows = result.attempts.map((a, i) => {
    const why = a.failure
      ? `${a.failure.kind} (${a.failure.cause})${a.task ? ` in ${codeSpan(a.task, 120)}` : ""}`
      : "";
    return `| ${i + 1} | ${a.instanceId} | ${escapeInline(a.state, 40)} | ${why} |`;
  });
  const lines = [
    `**${escapeInline(workflowSummary(result), 1000)}**`,
    "",
    "| attempt | instance | state | failure |",
    "| --- | --- | --- | --- |",
    ...rows,
  ];
  const deciding = result.attempts.findLast((a) => a.failure?.line)?.failure?.line;
  if (deciding) lines.push("", "Deciding log line:", codeBlock(deciding, 2000));
  return lines.join("\n");
}

function retriedNote(result: WorkflowResult): string {
  const retries = result.attempts.length - 1;
  return retries > 0
    ? ` after ${retries} automatic retr${retries === 1 ? "y" : "ies"} (transient failures)`
    : "";
}
