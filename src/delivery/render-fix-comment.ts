// The Markdown body of a fix run's sticky comment (RunOutcome.body; the status wrapper and hidden
// marker come from github/render-status-comment.ts). Input: FixReport (./fix-report.ts). Every
// untrusted string goes through markdown-text.ts; lists are capped by count and the optional parts
// (trace, patch) only get the room left, so the body never exceeds maxCommentChars (threat model A27).
import type { FixReport } from "./fix-report.ts";
import { codeSpan, escapeInline, linkTarget } from "./markdown-text.ts";
import { renderPatchDetails, renderTraceDetails } from "./render-fix-details.ts";
import { renderInstallEvidence } from "./render-install-evidence.ts";
import { renderReproduction } from "./render-reproduction.ts";
import { renderRollback } from "./render-rollback.ts";

export const maxCommentChars = 60_000;

const headline: Record<FixReport["status"], string> = {
  fixed: "✅ **Fixed and verified**",
  not_fixed: "⚠️ **Not fixed**",
  needs_input: "❓ **Needs your input**",
  refused: "🛑 **Fix not delivered**",
  failed: "❌ **Run failed**",
};

export function renderFixComment(report: FixReport): string {
  const required = [
    `${headline[report.status]} — ${escapeInline(report.reason, 1500)}`,
    ...(report.question ? ["", `> ${escapeInline(report.question, 1000)}`] : []),
    ...stages(report),
    ...failures(report),
    ...renderInstallEvidence(report.install),
    ...renderReproduction(report.reproduction),
    ...changes(report),
    ...evidence(report),
    ...delivery(report),
    ...cost(report),
    ...renderRollback(report),
  ].join("\n");
  let room = maxCommentChars - required.length - 200;
  const optional: string[] = [];
  for (const part of [renderTraceDetails(report), renderPatchDetails(report)]) {
    if (part === "") continue;
    if (part.length <= room) {
      optional.push(part);
      room -= part.length;
    } else
      optional.push("<sub>(a section was left out to keep this comment under GitHub's size limit)</sub>");
  }
  const [head, rollback] = splitAtRollback(required);
  return [head, ...optional, rollback]
    .filter((p) => p !== "")
    .join("\n\n")
    .slice(0, maxCommentChars);
}

function stages(r: FixReport): string[] {
  const notDone = r.stages.filter((s) => s.status !== "done");
  if (notDone.length === 0) return [];
  return [
    "",
    "#### Stages",
    ...r.stages
      .slice(0, 20)
      .map(
        (s) =>
          `- ${s.status === "done" ? "✅" : s.status === "skipped" ? "⏭️" : "❌"} ${escapeInline(s.name, 60)}${s.detail ? ` — ${escapeInline(s.detail, 300)}` : ""}`,
      ),
  ];
}

function failures(r: FixReport): string[] {
  if (r.failures.length === 0) return [];
  const rows = r.failures.slice(0, 20).map((f) => {
    const where = f.file ? codeSpan(`${f.file}${f.line === null ? "" : `:${f.line}`}`, 120) : "—";
    const what = `${f.test ? `${codeSpan(f.test, 120)} ` : ""}${escapeInline(f.message, 300)}`;
    const cls = `${f.classification}${f.classificationReason ? ` (${escapeInline(f.classificationReason, 100)})` : ""}`;
    return `| ${escapeInline(f.tool, 40)} ${f.kind} | ${where} | ${what} | ${cls} |`;
  });
  const more = r.failures.length > 20 ? [`<sub>and ${r.failures.length - 20} more</sub>`] : [];
  return [
    "",
    "#### What failed",
    "",
    "| check | where | what | classification |",
    "| --- | --- | --- | --- |",
    ...rows,
    ...more,
  ];
}

function changes(r: FixReport): string[] {
  if (r.change === null) return ["", "#### What changed", "", "Nothing: no commit was made."];
  const c = r.change;
  const added = c.files.reduce((n, f) => n + f.added, 0);
  const removed = c.files.reduce((n, f) => n + f.removed, 0);
  const lines = [
    "",
    "#### What changed",
    "",
    `${c.files.length} file(s), **+${added} −${removed}** · risk **${c.riskLevel}** (score ${c.riskScore})${
      c.riskReasons.length > 0
        ? `: ${c.riskReasons
            .slice(0, 5)
            .map((x) => escapeInline(x, 150))
            .join("; ")}`
        : ""
    }`,
  ];
  if (c.testWeakening.length > 0)
    lines.push(
      "",
      `⚠️ **Test weakening flagged** — review before applying:`,
      ...c.testWeakening
        .slice(0, 10)
        .map((w) => `- ${codeSpan(w.path, 120)} ${escapeInline(w.kind, 40)}: ${escapeInline(w.detail, 200)}`),
    );
  lines.push(
    "",
    "| file | + | − |",
    "| --- | --: | --: |",
    ...c.files.slice(0, 30).map((f) => `| ${codeSpan(f.path, 150)} | ${f.added} | ${f.removed} |`),
  );
  if (c.files.length > 30) lines.push(`<sub>and ${c.files.length - 30} more files</sub>`);
  if (r.commits.length > 0)
    lines.push(
      "",
      "Commits (each one a rollback point):",
      ...r.commits
        .slice(0, 20)
        .map((k) => `- ${codeSpan(k.sha.slice(0, 12))} ${escapeInline(k.summary, 120)}`),
    );
  return lines;
}

function evidence(r: FixReport): string[] {
  const workflows = r.workflows ?? [];
  if (r.evidence.length === 0 && workflows.length === 0) return [];
  const exit = (n: number | null) => (n === null ? "—" : String(n));
  const lines = [
    "",
    "#### Evidence",
    "",
    `Re-ran in the sandbox on the fix, without the model${r.diffCheckOk === null ? "" : `; \`git diff --check\` ${r.diffCheckOk ? "clean" : "found problems"}`}:`,
    "",
    "| command | exit before | exit after | result |",
    "| --- | --: | --: | --- |",
    ...r.evidence
      .slice(0, 20)
      .map(
        (e) =>
          `| ${codeSpan(e.command, 150)} | ${exit(e.exitBefore)} | ${exit(e.exitAfter)} | ${e.passed ? "✅ pass" : "❌ fail"} |`,
      ),
    ...workflows.slice(0, 10).map(workflowRow),
  ];
  const notPassed = workflows.filter((w) => w.status !== "succeeded").slice(0, 10);
  const why = (w: (typeof workflows)[number]) =>
    w.status === "error"
      ? `- workflow ${codeSpan(w.name, 150)} could not run: ${escapeInline(w.summary, 600)}`
      : `- ${escapeInline(w.summary, 600)}`;
  if (notPassed.length > 0) lines.push("", ...notPassed.map(why));
  const tests = (label: string, names: string[]) =>
    names.length === 0
      ? []
      : [
          "",
          `${label} (${names.length}): ${names
            .slice(0, 15)
            .map((t) => codeSpan(t, 120))
            .join(", ")}${names.length > 15 ? " …" : ""}`,
        ];
  return [
    ...lines,
    ...tests("Tests now passing", r.testsFixed),
    ...tests("⚠️ Tests now failing", r.testsBroken),
  ];
}

// A verification workflow in the evidence table: its state where a command shows its exit code.
function workflowRow(w: NonNullable<FixReport["workflows"]>[number]): string {
  const instance = w.instanceId === null ? "" : ` (instance ${w.instanceId})`;
  const state = w.state === null ? "not started" : `${escapeInline(w.state, 40)}${instance}`;
  const result = w.status === "succeeded" ? "✅ pass" : w.status === "timeout" ? "❌ timed out" : "❌ fail";
  return `| DolphinScheduler workflow ${codeSpan(w.name, 150)} | — | ${state} | ${result} |`;
}

function delivery(r: FixReport): string[] {
  const d = r.delivery;
  const offered = suggestionsLine(r);
  if (offered)
    return [
      "",
      "#### The fix",
      "",
      offered,
      ...(d ? ["", ...whereTheFixIs(r, d, codeSpan(d.sideBranch, 120))] : []),
    ];
  if (d === null) return [];
  const branch = codeSpan(d.sideBranch, 120);
  const auto = r.autoApply ?? null;
  if (auto?.applied)
    return [
      "",
      "#### The fix",
      "",
      `Applied to the PR branch ${codeSpan(r.pr.headRef, 120)} automatically because ${escapeInline(auto.why, 600)}${
        auto.before && auto.after
          ? ` (${codeSpan(auto.before.slice(0, 12))} → ${codeSpan(auto.after.slice(0, 12))})`
          : ""
      }. The same commits are on the side branch ${branch}. Comment \`/xihe undo\` to revert them with new commits.`,
    ];
  const notApplied = auto
    ? [`Not applied to the PR branch automatically: ${escapeInline(auto.why, 600).replace(/\.?$/, ".")}`, ""]
    : [];
  return ["", "#### The fix", "", ...notApplied, ...whereTheFixIs(r, d, branch)];
}

function whereTheFixIs(r: FixReport, d: NonNullable<FixReport["delivery"]>, branch: string): string[] {
  if (d.kind === "pull_request")
    return [
      `Fix PR [#${d.number}](${linkTarget(d.url)}) from ${branch} into ${codeSpan(r.pr.headRef, 120)}. Comment \`/xihe apply\` here to bring it into this PR's branch.`,
    ];
  if (d.kind === "side_branch")
    return [`On the side branch ${branch}. Comment \`/xihe apply\` to bring it into this PR's branch.`];
  return [
    `This PR comes from a fork, so the fix is on ${branch} in this repository: [compare](${linkTarget(d.compareUrl)}). The patch is below.`,
  ];
}

function suggestionsLine(r: FixReport): string | null {
  const s = r.suggestions;
  if (!s) return null;
  const review = s.url ? `[one review](${linkTarget(s.url)})` : "one review";
  const rest =
    s.leftOut > 0
      ? ` ${s.leftOut} change(s) GitHub cannot take as suggestions are on the side branch below.`
      : "";
  return `Offered as ${s.count} suggested change(s) in ${review}: commit them from the pull request page.${rest}`;
}

function cost(r: FixReport): string[] {
  const c = r.cost;
  return [
    "",
    "#### Cost",
    "",
    `${c.inputTokens + c.outputTokens} tokens (${c.inputTokens} in, ${c.outputTokens} out) · ${c.modelCalls} model call(s) · $${c.costUsd.toFixed(4)} · ${(c.elapsedMs / 1000).toFixed(1)} s`,
  ];
}

function splitAtRollback(text: string): [string, string] {
  const at = text.indexOf("\n#### Rollback");
  return at < 0 ? [text, ""] : [text.slice(0, at).trimEnd(), text.slice(at + 1)];
}
