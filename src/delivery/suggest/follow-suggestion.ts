// What became of a suggestion after a push: its head lines were replaced by exactly the suggested
// text (applied, e.g. by GitHub's "Commit suggestion"), left as they were (still open, now at these
// lines of the new head), or edited some other way. Lines are followed through `git diff -U0` of
// the file from the old head to the new one. Pure.
import type { DiffHunk } from "./parse-unified-diff.ts";
import type { Suggestion } from "./place-suggestions.ts";

export type SuggestionFate = { state: "applied" } | { state: "open"; now: Suggestion } | { state: "changed" };

export function followSuggestion(
  s: Suggestion,
  file: { oldLines: readonly string[]; newLines: readonly string[]; hunks: readonly DiffHunk[] },
): SuggestionFate {
  // The unchanged neighbours of the suggestion's range pin where the range went.
  const before = mapLine(s.startLine - 1, file.hunks);
  const after = mapLine(s.line + 1, file.hunks);
  if (before === null || after === null) return { state: "changed" };
  const region = file.newLines.slice(before, after - 1);
  if (sameLines(region, s.content)) return { state: "applied" };
  const original = file.oldLines.slice(s.startLine - 1, s.line);
  if (sameLines(region, original) && region.length > 0)
    return { state: "open", now: { ...s, startLine: before + 1, line: after - 1 } };
  return { state: "changed" };
}

/** Where an old line is in the new file; null when a hunk removed or replaced it. 0 = file start. */
export function mapLine(line: number, hunks: readonly DiffHunk[]): number | null {
  let shift = 0;
  for (const h of hunks) {
    const lastOld = h.oldStart + h.oldCount - 1;
    if (h.oldCount > 0 && line >= h.oldStart && line <= lastOld) return null;
    const isBefore = h.oldCount > 0 ? lastOld < line : h.oldStart < line;
    if (isBefore) shift += h.newCount - h.oldCount;
  }
  return line + shift;
}

function sameLines(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((line, i) => line === b[i]);
}
