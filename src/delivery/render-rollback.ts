// The rollback section of the fix comment: what `/xihe undo` does and the exact git commands that
// do the same by hand. Branch names come from the PR, so every one is quoted for the shell.
import type { FixReport } from "./fix-report.ts";
import { codeBlock, shellWord } from "./markdown-text.ts";

export function renderRollback(r: FixReport): string[] {
  const d = r.delivery;
  if (d === null || r.commits.length === 0) return [];
  const side = shellWord(d.sideBranch);
  const head = shellWord(r.pr.headRef);
  const first = r.commits[0]?.sha ?? "";
  const last = r.commits[r.commits.length - 1]?.sha ?? "";
  const range = r.commits.length === 1 ? last : `${first}^..${last}`;
  const discard =
    d.kind === "pull_request"
      ? `Close fix PR #${d.number}, or delete its branch:`
      : "Delete the side branch:";
  return [
    "",
    "#### Rollback",
    "",
    r.autoApply?.applied
      ? "Xihe pushed this fix to the PR's branch (`fix.auto_apply_low_risk`): comment `/xihe undo` to revert it. To drop the side branch too:"
      : `Nothing has changed on this PR's branch yet. ${discard}`,
    "",
    codeBlock(`git push origin --delete ${side}`, 500, "sh"),
    "",
    "After `/xihe apply`, comment `/xihe undo`: Xihe reverts exactly its own commits with new revert commits (no force-push). By hand:",
    "",
    codeBlock(
      [
        `git fetch origin ${head}`,
        `git switch ${head}`,
        `git revert --no-edit ${range}`,
        `git push origin ${head}`,
      ].join("\n"),
      2000,
      "sh",
    ),
  ];
}
