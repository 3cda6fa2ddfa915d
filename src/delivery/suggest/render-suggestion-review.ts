// One PR review (event COMMENT) carrying a verified fix as suggested changes: a line comment per
// hunk with one sentence of why, the ```suggestion block (its content exactly the fix's lines, in a
// fence it cannot close) and the evidence; the body says what was verified and lists the hunks that
// went to the side branch instead. Every untrusted string (file names, tool messages, test names,
// model sentences, commands) goes through markdown-text.ts.
import { codeSpan, escapeInline, linkTarget } from "../markdown-text.ts";
import type { LeftOut, LeftOutReason, Suggestion } from "./place-suggestions.ts";
import { suggestionFence } from "./suggestion-fence.ts";
import { suggestReviewMarker } from "./suggest-review-key.ts";

export interface SuggestionReviewInput {
  key: string;
  runId: string;
  headSha: string;
  suggestions: { suggestion: Suggestion; why: string }[];
  leftOut: LeftOut[];
  /** The commands that failed on the head, with their exit codes before and after the fix. */
  evidence: { command: string; exitBefore: number | null; exitAfter: number | null }[];
  /** Where the changes that are not suggestions are; null when every hunk is a suggestion. */
  sideBranch: { branch: string; url: string | null } | null;
  /** The evidence sentence when the verification happened elsewhere (an earlier head's run). */
  proof?: string;
}

export interface ReviewComment {
  path: string;
  line: number;
  side: "RIGHT";
  start_line?: number;
  start_side?: "RIGHT";
  body: string;
}

export interface SuggestionReview {
  body: string;
  comments: ReviewComment[];
}

const maxBodyChars = 60_000;

const reasons: Record<LeftOutReason, string> = {
  outside_diff: "outside this pull request's diff (GitHub takes suggestions only on lines the diff shows)",
  no_diff_shown: "GitHub shows no diff for this file (too large or binary)",
  new_file: "the fix creates this file",
  deleted_file: "the fix deletes this file",
  binary: "a binary file",
  too_large: "too large to review as a suggestion",
  invisible_characters: "it contains characters a reviewer cannot see",
  test_weakening: "the test-weakening guard flagged this change; review it before applying",
};

export function renderSuggestionReview(input: SuggestionReviewInput): SuggestionReview {
  const proof = input.proof ?? evidenceSentence(input);
  const comments = input.suggestions.map(({ suggestion: s, why }) => ({
    path: s.path,
    line: s.line,
    side: "RIGHT" as const,
    ...(s.startLine < s.line ? { start_line: s.startLine, start_side: "RIGHT" as const } : {}),
    body: [escapeInline(why, 400), "", suggestionBlock(s.content), "", `<sub>${proof}</sub>`].join("\n"),
  }));
  return { body: reviewBody(input, proof).slice(0, maxBodyChars), comments };
}

export function suggestionBlock(content: readonly string[]): string {
  const fence = suggestionFence(content);
  return [`${fence}suggestion`, ...content, fence].join("\n");
}

function evidenceSentence(input: SuggestionReviewInput): string {
  const commands = input.evidence.map((e) => codeSpan(e.command, 200)).join(", ");
  const withWhat =
    input.leftOut.length > 0
      ? `all ${input.suggestions.length} suggestion(s) and the side branch's other change(s) applied`
      : `all ${input.suggestions.length} suggestion(s) applied`;
  if (commands === "") return `Verified in Xihe's sandbox with ${withWhat}.`;
  return `Verified: with ${withWhat} to ${codeSpan(input.headSha.slice(0, 12))}, ${commands} passed in Xihe's sandbox.`;
}

function reviewBody(input: SuggestionReviewInput, proof: string): string {
  const n = input.suggestions.length;
  const lines = [
    suggestReviewMarker(input.key),
    `### Xihe: ${n} suggested change(s) for the failing checks`,
    "",
    proof,
    "",
    ...evidenceTable(input.evidence),
    n > 0
      ? 'Commit them from this page ("Commit suggestion", or add them to a batch). When they are pushed, Xihe resolves these comments and re-runs the commands on the new head.'
      : "",
    ...leftOutSection(input),
  ];
  return lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function evidenceTable(evidence: SuggestionReviewInput["evidence"]): string[] {
  if (evidence.length === 0) return [];
  const exit = (code: number | null) => (code === null ? "not run" : `exit ${code}`);
  return [
    "| command | on the head | with the fix |",
    "| --- | --- | --- |",
    ...evidence
      .slice(0, 20)
      .map(
        (e) =>
          `| ${codeSpan(e.command, 200)} | ${exit(e.exitBefore)} | ${e.exitAfter === 0 ? "✅ " : "❌ "}${exit(e.exitAfter)} |`,
      ),
    "",
  ];
}

function leftOutSection(input: SuggestionReviewInput): string[] {
  if (input.leftOut.length === 0) return [];
  const where = input.sideBranch
    ? `The whole verified fix is on the side branch ${
        input.sideBranch.url
          ? `[${codeSpan(input.sideBranch.branch, 120)}](${linkTarget(input.sideBranch.url)})`
          : codeSpan(input.sideBranch.branch, 120)
      }. Comment \`/xihe apply\` to bring it into this pull request's branch (changes you already committed from a suggestion merge cleanly).`
    : "These changes were not pushed anywhere; see the run's comment for why.";
  return [
    "",
    "#### Not offered as suggestions",
    "",
    ...input.leftOut
      .slice(0, 50)
      .map(
        (l) => `- ${codeSpan(l.line === null ? l.path : `${l.path}:${l.line}`, 200)}: ${reasons[l.reason]}`,
      ),
    ...(input.leftOut.length > 50 ? [`- … and ${input.leftOut.length - 50} more`] : []),
    "",
    where,
  ];
}
