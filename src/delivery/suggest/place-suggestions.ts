// Which hunks of a verified fix GitHub can take as one-click suggestions: a suggestion replaces a
// range of the PR head's lines, and GitHub only accepts comments on lines its diff of the PR shows,
// with a multi-line range inside one hunk. Everything else (a file the PR does not touch, a file
// the fix creates or deletes, binary or very large hunks, invisible characters a reviewer cannot
// see, anything the test-weakening guard flagged) is left out with its reason: it goes to the side
// branch. Pure: the caller reads git and the PR's files.
import { stripInvisible } from "../../workspace/strip-invisible.ts";
import { commentableRanges, type DiffHunk } from "./parse-unified-diff.ts";

export interface FixFile {
  path: string;
  /** What the fix did to the file (`git diff --name-status`, binary from `--numstat`). */
  kind: "modified" | "added" | "deleted" | "binary" | "other";
  /** `git diff -U0` hunks of the fix, head -> fix. */
  hunks: DiffHunk[];
  /** The file on the PR head, split on "\n" (for pure insertions, which must replace a line). */
  headLines: readonly string[];
}

export interface Suggestion {
  path: string;
  /** First and last head line the suggestion replaces (equal for a one-line suggestion). */
  startLine: number;
  line: number;
  /** The replacement, exactly the verified fix's lines. */
  content: string[];
}

export type LeftOutReason =
  | "outside_diff"
  | "no_diff_shown"
  | "new_file"
  | "deleted_file"
  | "binary"
  | "too_large"
  | "invisible_characters"
  | "test_weakening";

export interface LeftOut {
  path: string;
  /** The first head line of the hunk; null for a whole file. */
  line: number | null;
  reason: LeftOutReason;
}

export interface Placement {
  suggestions: Suggestion[];
  leftOut: LeftOut[];
}

export interface PlacementInput {
  files: readonly FixFile[];
  /** The PR's files by path: GitHub's `patch`, null when GitHub shows no diff (too large, binary). */
  prPatches: ReadonlyMap<string, string | null>;
  /** Paths whose change the test-weakening guard flagged: never a one-click suggestion. */
  flagged: ReadonlySet<string>;
  /** Longest suggestion (replaced or suggested lines) worth reviewing in a comment. */
  maxLines: number;
}

const wholeFile: Partial<Record<FixFile["kind"], LeftOutReason>> = {
  added: "new_file",
  deleted: "deleted_file",
  binary: "binary",
  other: "binary",
};

export function placeSuggestions(input: PlacementInput): Placement {
  const placement: Placement = { suggestions: [], leftOut: [] };
  for (const file of input.files) {
    const fileReason = wholeFile[file.kind] ?? (input.flagged.has(file.path) ? "test_weakening" : null);
    if (fileReason) {
      placement.leftOut.push({ path: file.path, line: null, reason: fileReason });
      continue;
    }
    const patch = input.prPatches.get(file.path);
    for (const hunk of file.hunks) {
      const s = toSuggestion(file, hunk);
      const reason = s === null ? "outside_diff" : suggestionProblem(s, patch, input.maxLines);
      if (s !== null && reason === null) placement.suggestions.push(s);
      else
        placement.leftOut.push({
          path: file.path,
          line: s?.startLine ?? hunk.oldStart,
          reason: reason ?? "outside_diff",
        });
    }
  }
  return placement;
}

/** A -U0 hunk as a replacement of head lines; a pure insertion also replaces its neighbour line. */
export function toSuggestion(file: Pick<FixFile, "path" | "headLines">, hunk: DiffHunk): Suggestion | null {
  if (hunk.oldCount > 0)
    return {
      path: file.path,
      startLine: hunk.oldStart,
      line: hunk.oldStart + hunk.oldCount - 1,
      content: hunk.added,
    };
  // `@@ -k,0 ...` inserts after head line k: suggest line k followed by the new lines.
  if (hunk.oldStart >= 1) {
    const anchor = file.headLines[hunk.oldStart - 1];
    if (anchor === undefined) return null;
    return {
      path: file.path,
      startLine: hunk.oldStart,
      line: hunk.oldStart,
      content: [anchor, ...hunk.added],
    };
  }
  const first = file.headLines[0];
  if (first === undefined || file.headLines.length === 0) return null;
  return { path: file.path, startLine: 1, line: 1, content: [...hunk.added, first] };
}

export function suggestionProblem(
  s: Suggestion,
  patch: string | null | undefined,
  maxLines: number,
): LeftOutReason | null {
  if (patch === undefined) return "outside_diff";
  if (patch === null) return "no_diff_shown";
  const ranges = commentableRanges(patch);
  if (!ranges.some((r) => r.start <= s.startLine && s.line <= r.end)) return "outside_diff";
  if (s.content.length > maxLines || s.line - s.startLine + 1 > maxLines) return "too_large";
  if (s.content.some((l) => stripInvisible(l).removed > 0 || /[\p{Cc}]/u.test(l.replace(/\t/g, ""))))
    return "invisible_characters";
  return null;
}
