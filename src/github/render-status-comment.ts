// The sticky status comment of a run. The hidden marker is how a retry finds the comment it already
// posted (THREATS A35) instead of posting a second one.
import type { RunRecord } from "../store/store.ts";
import { sanitizeInline } from "./replies.ts";

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
  state: { status: DisplayStatus; line: string; body?: string },
): string {
  const parts = [
    statusMarker(run.id),
    `### Xihe \`${run.verb}\` — ${headline[state.status]}`,
    "",
    `${sanitizeInline(state.line)}`,
    "",
    `<sub>run \`${run.id}\` on \`${run.headSha.slice(0, 12)}\`, asked by @\u200b${sanitizeInline(run.requester)} · \`/xihe stop\` cancels · \`/xihe status\` lists runs</sub>`,
  ];
  if (state.body) parts.splice(4, 0, state.body, "");
  return parts.join("\n");
}
