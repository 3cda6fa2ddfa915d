// The sticky status comment of a run. The hidden marker is how a retry finds the comment it already
// posted (threat model A35) instead of posting a second one.
import type { RunRecord } from "../store/store.ts";
import { escapeInline, linkTarget } from "../delivery/markdown-text.ts";

export function statusMarker(runId: string): string {
  return `<!-- xihe-run:${runId} -->`;
}

export type DisplayStatus = "queued" | "running" | "succeeded" | "failed" | "cancelled" | "needs_input";

const headline: Record<DisplayStatus, string> = {
  queued: "⏳ queued",
  running: "🔄 running",
  succeeded: "✅ done",
  failed: "❌ failed",
  cancelled: "⏹️ cancelled",
  needs_input: "❓ needs your input",
};

export function renderStatusComment(
  run: Pick<RunRecord, "id" | "verb" | "headSha" | "requester">,
  state: { status: DisplayStatus; line: string; body?: string; traceUrl?: string | null },
): string {
  const trace = state.traceUrl ? ` · [trace](${linkTarget(state.traceUrl)})` : "";
  // A body (the fix report) opens with its own headline, so the one-line summary would repeat it.
  const main = state.body ? state.body : escapeInline(state.line, 300);
  return [
    statusMarker(run.id),
    `### Xihe \`${run.verb}\` — ${headline[state.status]}`,
    "",
    main,
    "",
    `<sub>run \`${run.id}\` on \`${run.headSha.slice(0, 12)}\`, asked by @\u200b${escapeInline(run.requester, 60)} · \`/xihe stop\` cancels · \`/xihe status\` lists runs${trace}</sub>`,
  ].join("\n");
}
