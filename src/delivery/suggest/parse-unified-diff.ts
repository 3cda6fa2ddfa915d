// Hunks of one file's unified diff: a pull-request file's `patch` as GitHub's REST API returns it,
// or `git diff -U0` of one path. Only the hunk headers and line kinds matter to suggestion placement.
export interface DiffHunk {
  oldStart: number;
  oldCount: number;
  newStart: number;
  newCount: number;
  /** The hunk's body lines without their `+`/`-`/` ` marker. */
  added: string[];
  removed: string[];
}

const header = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

export function parseUnifiedDiff(patch: string): DiffHunk[] {
  const hunks: DiffHunk[] = [];
  let current: DiffHunk | null = null;
  for (const line of patch.split("\n")) {
    const m = header.exec(line);
    if (m) {
      current = {
        oldStart: Number(m[1]),
        oldCount: m[2] === undefined ? 1 : Number(m[2]),
        newStart: Number(m[3]),
        newCount: m[4] === undefined ? 1 : Number(m[4]),
        added: [],
        removed: [],
      };
      hunks.push(current);
      continue;
    }
    if (current === null) continue; // `diff --git`, `index`, `---`/`+++` lines before the first hunk
    if (line.startsWith("+")) current.added.push(line.slice(1));
    else if (line.startsWith("-")) current.removed.push(line.slice(1));
  }
  return hunks;
}

/**
 * The head-side line ranges GitHub accepts review comments on: every line a hunk shows on the
 * right (added or context). A multi-line comment must start and end inside the same range.
 */
export function commentableRanges(patch: string): { start: number; end: number }[] {
  return parseUnifiedDiff(patch)
    .filter((h) => h.newCount > 0)
    .map((h) => ({ start: h.newStart, end: h.newStart + h.newCount - 1 }));
}
