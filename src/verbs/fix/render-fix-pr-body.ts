// The body of the fix pull request Xihe opens from its side branch. The reason is the loop's (model
// or verifier) text, so it goes through the shared sanitizer like every other posted string.
import { escapeInline } from "../../delivery/markdown-text.ts";

export function renderFixPrBody(pr: number, runId: string, reason: string): string {
  return [
    `Xihe's proposed fix for the failing checks of #${pr} (run \`${runId}\`).`,
    "",
    escapeInline(reason, 1000),
    "",
    `Comment \`/xihe apply\` on #${pr} to bring it into the pull request, or \`/xihe undo\` afterwards to revert it.`,
  ].join("\n");
}
