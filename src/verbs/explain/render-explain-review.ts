// The `/xihe explain` review as GitHub wants it: a body on the change's impact (with the hidden
// marker that makes the post exactly-once) and one line comment per changed symbol, on its first
// added line (always inside the diff, so GitHub cannot reject it with 422). All text from the PR or
// a model goes through markdown-text.ts.
import { codeSpan, escapeInline } from "../../delivery/markdown-text.ts";
import type { CallSite, SymbolImpact } from "../../understanding/explain/symbol-impact.ts";
import type { DiffExplanation, SymbolExplanation } from "../../understanding/explain/explain-diff.ts";

export const maxReviewComments = 30;
const maxListed = 40;

export interface ReviewComment {
  path: string;
  line: number;
  side: "RIGHT";
  body: string;
}

export interface ExplainReview {
  body: string;
  comments: ReviewComment[];
}

export function explainMarker(runId: string): string {
  return `<!-- xihe-explain:${runId.replace(/[^A-Za-z0-9_-]/g, "")} -->`;
}

export function renderExplainReview(runId: string, e: DiffExplanation, modelUsed: boolean): ExplainReview {
  const inline = e.symbols.filter((s) => s.commentLine !== null).slice(0, maxReviewComments);
  const inBody = e.symbols.filter((s) => !inline.includes(s));
  const count = (change: string) => e.symbols.filter((s) => s.change === change).length;
  const callers = e.symbols.reduce((n, s) => n + s.callerTotal + s.referenceTotal, 0);
  const tests = e.symbols.reduce((n, s) => n + s.testsReachingTotal, 0);
  const risky = e.symbols.filter((s) => s.risks.length > 0);
  const lines = [
    explainMarker(runId),
    "### Xihe explain: what this pull request changes",
    "",
    e.focus ? `Focus: ${codeSpan(e.focus)}.` : "",
    `${e.symbols.length} symbol(s) changed in ${e.files.length} file(s): ${count("added")} added, ` +
      `${count("modified")} modified, ${count("renamed")} renamed, ${count("removed")} removed. ` +
      `They are referenced from ${callers} place(s) in the code and reached by ${tests} test(s).`,
  ];
  if (risky.length > 0) {
    lines.push("", "**Risks**", "");
    for (const s of risky.slice(0, maxListed))
      lines.push(`- ${label(s)}: ${s.risks.map((r) => escapeInline(r, 300)).join("; ")}`);
  }
  if (inBody.length > 0) {
    lines.push(
      "",
      "**Not on a line of the diff** (removed, only lines deleted, or over the comment cap)",
      "",
    );
    for (const s of inBody.slice(0, maxListed))
      lines.push(`- ${label(s)} — ${escapeInline(s.explanation, 700)}`);
  }
  lines.push("", "**Files**", "");
  for (const f of e.files.slice(0, maxListed))
    lines.push(
      `- ${codeSpan(f.path)} ${f.status}, +${f.added}/-${f.removed}${f.skipped ? ` (not read: ${f.skipped.replace(/_/g, " ")})` : ""}`,
    );
  if (e.files.length > maxListed) lines.push(`- … and ${e.files.length - maxListed} more`);
  lines.push(
    "",
    modelUsed
      ? "_Explanations written by the configured model from each symbol's hunk and code; callers, tests and risks come from the code index._"
      : "_No model is configured: explanations are built from the diff and the code index._",
  );
  const comments = inline.map((s) => ({
    path: s.file,
    line: s.commentLine ?? 1,
    side: "RIGHT" as const,
    body: renderComment(s),
  }));
  return { body: lines.filter((l, i) => l !== "" || lines[i - 1] !== "").join("\n"), comments };
}

function label(s: SymbolExplanation): string {
  const where = codeSpan(`${s.file}:${s.line}`);
  return `${s.change} ${s.kind} ${codeSpan(s.qualifiedName)} (${s.change === "removed" ? `${where} at the base` : where})`;
}

function site(s: CallSite): string {
  return `${s.path}:${s.line}`;
}

const shownSites = 10;

function sites(list: readonly CallSite[], total: number): string {
  const shown = list.slice(0, shownSites);
  const text = shown
    .map((s) => `${codeSpan(site(s))}${s.caller ? ` in ${codeSpan(s.caller)}` : ""}`)
    .join(", ");
  return `${total} — ${text}${total > shown.length ? `, and ${total - shown.length} more` : ""}`;
}

function reaching(s: SymbolExplanation): string {
  const shown = s.testsReaching.slice(0, shownSites).map((t) => {
    const via =
      t.via.length > 2
        ? ` via ${t.via
            .slice(1, -1)
            .map((v) => codeSpan(v))
            .join(" → ")}`
        : "";
    return `${codeSpan(`${t.path}:${t.line}`)}${t.test ? ` ${codeSpan(t.test)}` : ""}${t.changedInDiff ? " (changed in this PR)" : ""}${via}`;
  });
  const more = s.testsReachingTotal > shown.length ? `, and ${s.testsReachingTotal - shown.length} more` : "";
  return `${s.testsReachingTotal} — ${shown.join(", ")}${more}`;
}

export function renderComment(s: SymbolExplanation): string {
  const verb = { added: "Added", removed: "Removed", modified: "Modified", renamed: "Renamed" }[s.change];
  const out = [
    `**${verb} ${s.kind} ${codeSpan(s.qualifiedName)}**`,
    "",
    escapeInline(s.explanation, 700),
    "",
  ];
  if (s.signatureChanged)
    out.push(
      `- Signature: ${codeSpan(s.signatureBefore ?? "", 300)} → ${codeSpan(s.signatureAfter ?? "", 300)}`,
    );
  if (s.renamedFrom)
    out.push(`- Renamed from ${codeSpan(s.renamedFrom.qualifiedName)} in ${codeSpan(s.renamedFrom.file)}`);
  if (s.signatureChange)
    out.push(
      `- Signature change: ${s.signatureChange.compatibility} (${escapeInline(s.signatureChange.reasons.join("; "), 300)})`,
    );
  out.push(`- API: ${s.api.public ? "public" : "not public"} (${escapeInline(s.api.reason, 200)})`);
  out.push(
    `- Called from: ${s.callerTotal ? sites(s.callers, s.callerTotal) : "nothing in the indexed code"}`,
  );
  if (s.referenceTotal) out.push(`- Other references: ${sites(s.references, s.referenceTotal)}`);
  out.push(
    `- Tests that reach it: ${s.testsReachingTotal ? reaching(s) : s.isTest ? "it is test code" : "none found"}`,
  );
  if (s.newCallees.length) out.push(`- Now also calls: ${newCallees(s.newCallees)}`);
  if (s.risks.length) out.push(`- Risk: ${s.risks.map((r) => escapeInline(r, 300)).join("; ")}`);
  return out.join("\n");
}

function newCallees(list: SymbolImpact["newCallees"]): string {
  return list
    .map((c) => `${codeSpan(c.name)}${c.path ? ` (${codeSpan(`${c.path}:${c.line ?? 1}`)})` : ""}`)
    .join(", ");
}
