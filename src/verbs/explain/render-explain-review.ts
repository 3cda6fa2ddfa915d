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
  const callers = new Set(e.symbols.flatMap((s) => s.callers.map(site)));
  const tests = new Set(e.symbols.flatMap((s) => s.tests.map(site)));
  const risky = e.symbols.filter((s) => s.risks.length > 0);
  const lines = [
    explainMarker(runId),
    "### Xihe explain: what this pull request changes",
    "",
    e.focus ? `Focus: ${codeSpan(e.focus)}.` : "",
    `${e.symbols.length} symbol(s) changed in ${e.files.length} file(s): ${count("added")} added, ` +
      `${count("modified")} modified, ${count("removed")} removed. ` +
      `They are called from ${callers.size} place(s) in the code and ${tests.size} in tests.`,
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
    lines.push(`- ${codeSpan(f.path)} ${f.status}, +${f.added}/-${f.removed}`);
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

function sites(list: readonly CallSite[]): string {
  return list.map((s) => `${codeSpan(site(s))}${s.caller ? ` in ${codeSpan(s.caller)}` : ""}`).join(", ");
}

export function renderComment(s: SymbolExplanation): string {
  const verb = s.change === "added" ? "Added" : s.change === "removed" ? "Removed" : "Modified";
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
  out.push(`- Called from: ${s.callers.length ? sites(s.callers) : "nothing in the indexed code"}`);
  out.push(`- Tests: ${s.tests.length ? sites(s.tests) : "none call it"}`);
  if (s.newCallees.length) out.push(`- Now also calls: ${newCallees(s.newCallees)}`);
  if (s.risks.length) out.push(`- Risk: ${s.risks.map((r) => escapeInline(r, 300)).join("; ")}`);
  return out.join("\n");
}

function newCallees(list: SymbolImpact["newCallees"]): string {
  return list
    .map((c) => `${codeSpan(c.name)}${c.path ? ` (${codeSpan(`${c.path}:${c.line ?? 1}`)})` : ""}`)
    .join(", ");
}
