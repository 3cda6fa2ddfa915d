// The `/xihe status` reply: a PR's recent runs as a table.
import type { RunRecord } from "../store/store.ts";
import { escapeInline } from "../delivery/markdown-text.ts";

export function renderRunList(runs: readonly RunRecord[]): string {
  if (runs.length === 0)
    return "No Xihe runs on this pull request yet. Comment `/xihe help` for the commands.";
  const rows = runs.map(
    (r) =>
      `| \`${r.id}\` | ${r.verb} | ${statusIcon(r.status)} ${r.status} | \`${r.headSha.slice(0, 7)}\` | @\u200b${escapeInline(r.requester, 60)} | ${r.createdAt} | ${escapeInline(r.reason ?? "", 200)} |`,
  );
  return [
    "**Recent Xihe runs**",
    "",
    "| run | verb | status | head | by | created | note |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...rows,
  ].join("\n");
}

function statusIcon(status: RunRecord["status"]): string {
  const icons: Record<RunRecord["status"], string> = {
    queued: "⏳",
    running: "🔄",
    succeeded: "✅",
    failed: "❌",
    cancelled: "⏹️",
    needs_input: "❓",
  };
  return icons[status];
}
