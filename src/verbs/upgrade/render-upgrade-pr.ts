// The title and body of an upgrade group's pull request, and the run's reply on the asking thread.
// Registry and changelog text is untrusted: names are escaped, the notes sit in a code block.
import { codeBlock, codeSpan, escapeInline, linkTarget } from "../../delivery/markdown-text.ts";
import { bumpMessage } from "./apply-update-group.ts";
import type { UpdateNotes } from "./collect-update-notes.ts";
import type { UpgradePlan } from "./plan-updates.ts";
import { renderGroup, renderResult } from "./render-upgrade-summary.ts";
import type { GroupResult } from "./upgrade-group.ts";

const statusLine: Record<GroupResult["status"], string> = {
  verified: "✅ The project's tests pass with the update.",
  migrated:
    "🛠️ The update broke the project's tests; Xihe migrated the code and the tests pass. The bump is the first commit, the migration follows, so the bump can be reviewed (or taken) alone.",
  failing:
    "❌ The update breaks the project's tests and Xihe could not migrate the code. The evidence below says where the failures point.",
  not_applied: "The update could not be applied.",
};

export function upgradePrTitle(result: GroupResult): string {
  return bumpMessage(result.group).split("\n")[0] ?? `Upgrade ${result.group.id}`;
}

export function upgradePrBody(result: GroupResult, notes: readonly UpdateNotes[], runId: string): string {
  const rows = result.group.updates.map(
    (u) => `| ${codeSpan(u.name, 100)} | ${codeSpan(u.from, 40)} | ${codeSpan(u.to, 40)} | ${u.kind} |`,
  );
  const details = [...renderGroup(result.group, notes), "", ...renderResult(result)].join("\n");
  return [
    statusLine[result.status],
    "",
    "| package | from | to | kind |",
    "| --- | --- | --- | --- |",
    ...rows,
    "",
    "#### Release notes, where the project uses the package, and the verification",
    "",
    codeBlock(details, 40_000, "text"),
    "",
    `Comment \`/xihe ignore <name> [major|minor|<version>]\` to stop these updates; closing this pull request after it keeps it closed.`,
    "",
    `<!-- xihe-upgrade group=${result.group.id} run=${runId} -->`,
  ].join("\n");
}

export type GroupDelivery =
  | { kind: "opened" | "updated"; number: number; url: string; draft: boolean; superseded?: number[] }
  | { kind: "up_to_date"; number: number; url: string; superseded?: number[] }
  | { kind: "taken_over"; number: number | null; url: string | null; foreign: string[] }
  | { kind: "skipped"; why: string };

export function upgradeRunSummary(
  plan: UpgradePlan,
  delivered: ReadonlyArray<{ result: GroupResult; delivery: GroupDelivery }>,
): string {
  const lines = delivered.map(({ result, delivery }) => {
    const branch = codeSpan(result.branch, 120);
    const status = result.status.replace("_", " ");
    const link = (d: { number: number; url: string }) => `[#${d.number}](${linkTarget(d.url)})`;
    const closed = (d: { superseded?: number[] }) =>
      d.superseded === undefined
        ? ""
        : `; closed ${d.superseded.map((n) => `#${n}`).join(", ")} (superseded)`;
    switch (delivery.kind) {
      case "opened":
        return `- ${branch}: ${status}; opened ${link(delivery)}${delivery.draft ? " as a draft" : ""}${closed(delivery)}`;
      case "updated":
        return `- ${branch}: ${status}; updated ${link(delivery)}${closed(delivery)}`;
      case "up_to_date":
        return `- ${branch}: ${status}; ${link(delivery)} is up to date${closed(delivery)}`;
      case "taken_over":
        return `- ${branch}: someone else pushed to it (${delivery.foreign.map((c) => codeSpan(c.slice(0, 12))).join(", ")}), so Xihe left it${delivery.number === null ? "" : ` and ${link({ number: delivery.number, url: delivery.url ?? "" })}`} alone`;
      case "skipped":
        return `- ${branch}: ${status}; no pull request (${escapeInline(delivery.why, 300)})`;
    }
  });
  const extra = [
    ...plan.deferred.map((g) => `- deferred by \`deps.max_open_prs\`: ${codeSpan(`xihe/deps/${g.id}`, 120)}`),
    ...plan.skipped.map((s) => `- skipped ${codeSpan(s.name, 100)}: ${escapeInline(s.reason, 200)}`),
    ...plan.warnings.map((w) => `- ⚠️ ${escapeInline(w, 300)}`),
  ];
  if (lines.length === 0 && extra.length === 0) return "Every dependency is up to date.";
  return [...lines, ...extra].join("\n");
}
