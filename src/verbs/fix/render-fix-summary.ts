// The plain-text report of a fix run: what happened, the verification evidence, the reasoning
// trace and how to undo it. Used by the CLI; the PR comment renderer can reuse the same pieces.
import { quotedErrorTail } from "../../workspace/install/install-error-tail.ts";
import type { InstallEvidence } from "../../workspace/install/run-install-phase.ts";
import type { FixRunOutcome } from "./verify-with-workflows.ts";

export function renderFixSummary(
  outcome: FixRunOutcome,
  context: { originalBranch: string; runId: string },
): string {
  const lines: string[] = [];
  const status = { done: "FIXED", gave_up: "NOT FIXED", needs_input: "NEEDS YOUR INPUT" }[outcome.status];
  const nothingChanged = outcome.commits.length === 0;
  lines.push(
    `xihe fix ${context.runId}: ${status}${outcome.status === "done" && nothingChanged ? " (no change needed)" : ""}`,
  );
  lines.push(`  ${outcome.reason}`);
  if (outcome.question) lines.push("", "Question:", `  ${outcome.question}`);
  if (outcome.heldStep)
    lines.push(
      `  To apply the held change anyway: xihe fix --resume ${context.runId} --approve ${outcome.heldStep}`,
    );
  if (outcome.install) lines.push("", ...renderInstall(outcome.install));
  lines.push("", "Before:");
  for (const run of outcome.perception.runs)
    lines.push(`  $ ${run.command}  → exit ${run.exitCode}${run.timedOut ? " (timed out)" : ""}`);
  if (outcome.verdict) {
    lines.push("", "Verification (re-ran the failing commands, lint, git diff --check):");
    for (const c of [...outcome.verdict.commands, ...outcome.verdict.lint])
      lines.push(
        `  $ ${c.command}  exit ${c.exitBefore ?? "-"} → ${c.exitAfter}  ${c.passed ? "ok" : "FAIL"}`,
      );
    for (const w of outcome.workflows ?? [])
      lines.push(
        `  DolphinScheduler workflow ${w.name}: ${w.state ?? "not started"}${w.instanceId === null ? "" : ` (instance ${w.instanceId})`}  ${w.status === "succeeded" ? "ok" : "FAIL"}`,
      );
    lines.push(`  git diff --check: ${outcome.verdict.diffCheck.ok ? "clean" : "problems"}`);
    if (outcome.verdict.testsFixed.length > 0)
      lines.push(`  resolved: ${outcome.verdict.testsFixed.join(", ")}`);
    if (outcome.verdict.testsBroken.length > 0)
      lines.push(`  NEW failures: ${outcome.verdict.testsBroken.join(", ")}`);
  }
  if (!nothingChanged) {
    lines.push("", `Commits on ${outcome.branch} (each one a rollback point):`);
    for (const c of outcome.commits) lines.push(`  ${c.sha.slice(0, 12)}  ${c.summary}  [${c.stepId}]`);
  }
  const s = outcome.spend;
  lines.push(
    "",
    `Spend: ${s.modelCalls} model calls, ${s.inputTokens + s.outputTokens} tokens, $${s.costUsd.toFixed(4)}, ${s.toolCalls} tool calls, ${(s.elapsedMs / 1000).toFixed(1)} s, ${outcome.rounds} round(s)`,
  );
  lines.push("", "Trace:");
  for (const t of outcome.trace)
    lines.push(
      `  [${t.step}] ${t.decision} (confidence ${t.confidence})${t.evidence[0] ? ` — ${t.evidence[0]}` : ""}`,
    );
  if (outcome.branch && !nothingChanged) {
    lines.push("", "Next:");
    lines.push(`  inspect:   git log -p ${context.originalBranch}..${outcome.branch}`);
    lines.push(`  apply:     git merge --ff-only ${outcome.branch}`);
    lines.push(
      `  undo:      git branch -D ${outcome.branch}   (your branch ${context.originalBranch} was not changed)`,
    );
    lines.push(`  roll back one step: git switch ${outcome.branch} && git reset --hard <commit>^`);
  } else if (outcome.branch) {
    lines.push("", `Undo: git branch -D ${outcome.branch}   (no commits were made)`);
  }
  return `${lines.join("\n")}\n`;
}

function renderInstall(install: InstallEvidence): string[] {
  const lines = [`Install (${install.manager ?? "none"}): ${install.status} — ${install.reason}`];
  for (const step of install.steps)
    lines.push(`  $ ${step.command}  → exit ${step.exitCode} (${(step.durationMs / 1000).toFixed(1)} s)`);
  if (install.registries.length > 0) lines.push(`  allowed registries: ${install.registries.join(", ")}`);
  for (const a of install.proxy.allowed) lines.push(`  via proxy: ${a.endpoint} (${a.count} connection(s))`);
  for (const b of install.proxy.blocked) lines.push(`  blocked: ${b}`);
  if (install.status !== "skipped")
    lines.push(`  dependency cache: ${install.cache.status} — ${install.cache.reason}`);
  if (install.errorTail) lines.push(...quotedErrorTail(install.errorTail));
  return lines;
}
