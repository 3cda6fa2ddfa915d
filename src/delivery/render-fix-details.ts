// The collapsible parts of the fix comment: the reasoning trace and (fork PRs) the patch. They are
// optional: renderFixComment includes them only while the body stays under GitHub's limit.
import type { FixReport } from "./fix-report.ts";
import { codeBlock, escapeInline } from "./markdown-text.ts";

/** The reasoning trace as a numbered list: step, decision, confidence, evidence. */
export function renderTraceDetails(r: FixReport): string {
  if (r.trace.length === 0) return "";
  const items = r.trace.slice(0, 40).map((t, i) => {
    const evidence = t.evidence.slice(0, 5).map((e) => `   - ${escapeInline(e, 300)}`);
    return [
      `${i + 1}. **${escapeInline(t.step, 60)}** — ${escapeInline(t.decision, 300)} (confidence ${t.confidence.toFixed(2)})`,
      ...evidence,
    ].join("\n");
  });
  return `<details><summary>Reasoning trace (${r.trace.length} step${r.trace.length === 1 ? "" : "s"})</summary>\n\n${items.join("\n")}\n\n</details>`;
}

/** A fork PR's patch, for `git am`. */
export function renderPatchDetails(r: FixReport): string {
  if (r.delivery?.kind !== "compare") return "";
  const p = r.delivery.patch;
  const note = p.truncated
    ? "\n\n<sub>The patch was cut; fetch the side branch for the whole change.</sub>"
    : "";
  return `<details><summary>Patch (\`git am\`)</summary>\n\n${codeBlock(p.text, 30_000, "diff")}${note}\n\n</details>`;
}
