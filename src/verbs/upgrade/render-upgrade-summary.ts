// The plain-text report of `xihe upgrade`: the plan (groups, held majors, skipped, warnings) and,
// per upgraded group, its branch, the bump and migration commits and the verification evidence.
import type { UpgradeReport } from "./upgrade-checkout.ts";
import type { GroupResult } from "./upgrade-group.ts";
import type { UpdateGroup } from "./plan-updates.ts";
import { renderNotes } from "./render-update-notes.ts";
import type { UpdateNotes } from "./collect-update-notes.ts";

const statusText: Record<GroupResult["status"], string> = {
  verified: "VERIFIED (tests pass)",
  migrated: "MIGRATED (tests broke; code migrated; tests pass)",
  failing: "FAILING (tests break; not migrated)",
  not_applied: "NOT APPLIED",
};

export function renderUpgradeSummary(report: UpgradeReport, options: { dryRun: boolean }): string {
  const { plan } = report;
  const lines: string[] = [
    `xihe upgrade (${report.manager}): ${plan.groups.length} update group(s)${options.dryRun ? " (dry run: nothing changed)" : ""}`,
  ];
  for (const group of plan.groups) lines.push(...renderGroup(group, report.notes));
  for (const group of plan.deferred) lines.push(`  deferred by deps.max_open_prs: xihe/deps/${group.id}`);
  for (const u of plan.heldMajors)
    lines.push(`  held (outside the range; pass --major): ${u.name} ${u.from} -> ${u.to}`);
  for (const s of plan.skipped) lines.push(`  skipped ${s.name}: ${s.reason}`);
  for (const w of plan.warnings) lines.push(`  warning: ${w}`);
  for (const result of report.results) lines.push("", ...renderResult(result));
  return `${lines.join("\n")}\n`;
}

export function renderGroup(group: UpdateGroup, notes: readonly UpdateNotes[]): string[] {
  return [
    `  xihe/deps/${group.id}${group.breaking ? " (major)" : ""}:`,
    ...group.updates.flatMap((u) => [
      `    ${u.name} ${u.from} -> ${u.to} (${u.kind}; ${u.range.from} -> ${u.range.to})`,
      ...renderNotes(notes.find((n) => n.group === group.id && n.name === u.name)),
    ]),
  ];
}

export function renderResult(r: GroupResult): string[] {
  const lines = [`${r.branch}: ${statusText[r.status]}`, `  ${r.reason}`];
  if (r.lockUpdate)
    for (const step of r.lockUpdate.steps) lines.push(`  $ ${step.command}  → exit ${step.exitCode}`);
  if (r.bumpCommit) lines.push(`  bump:      ${r.bumpCommit.slice(0, 12)}`);
  for (const c of r.migrationCommits) lines.push(`  migration: ${c.sha.slice(0, 12)}  ${c.summary}`);
  const v = r.verification;
  if (v) {
    if (v.install)
      lines.push(`  install (${v.install.manager ?? "none"}): ${v.install.status}: ${v.install.reason}`);
    for (const run of v.perception.runs)
      lines.push(`  tests with the update: $ ${run.command}  → exit ${run.exitCode}`);
    if (v.verdict)
      for (const c of v.verdict.commands)
        lines.push(
          `  after migration:       $ ${c.command}  → exit ${c.exitAfter}  ${c.passed ? "ok" : "FAIL"}`,
        );
    for (const w of v.workflows ?? [])
      lines.push(`  verification workflow: ${w.summary}  ${w.status === "succeeded" ? "ok" : "FAIL"}`);
  }
  if (r.bumpCommit) lines.push(`  review:    git log --stat HEAD..${r.branch}`);
  return lines;
}
