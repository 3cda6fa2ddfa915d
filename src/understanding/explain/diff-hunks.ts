// A change as per-file hunks, parsed from `git diff --unified=0` (diff-against-base.ts runs it): which
// new-side lines were added and which old-side lines were removed. That is all explain needs to map a
// change onto symbol ranges; zero context keeps every line in a hunk a real change.

export interface DiffHunk {
  oldStart: number;
  oldCount: number;
  newStart: number;
  newCount: number;
  /** The hunk's lines as git printed them (`-old`, `+new`), without the `@@` header. */
  lines: string[];
}

export interface FileDiff {
  /** Path at the base; null for an added file. */
  oldPath: string | null;
  /** Path at the head; null for a deleted file. */
  newPath: string | null;
  hunks: DiffHunk[];
  /** A binary file: no line information. */
  binary: boolean;
  /** An untracked file that was not read, and why (a FIFO or device, over the size limit, unreadable). */
  skipped?: "special_file" | "too_large" | "unreadable";
}

const hunkHeader = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

export function parseUnifiedDiff(text: string): FileDiff[] {
  const files: FileDiff[] = [];
  let file: FileDiff | null = null;
  let hunk: DiffHunk | null = null;
  // Lines still owed to the current hunk: a removed line "-- x" prints as "--- x", so the header
  // patterns below must not see hunk lines at all.
  let owedOld = 0;
  let owedNew = 0;
  for (const line of text.split("\n")) {
    if (hunk && ((owedOld > 0 && line.startsWith("-")) || (owedNew > 0 && line.startsWith("+")))) {
      if (line.startsWith("-")) owedOld--;
      else owedNew--;
      hunk.lines.push(line);
      continue;
    }
    if (line.startsWith("diff --git ")) {
      file = { oldPath: null, newPath: null, hunks: [], binary: false };
      hunk = null;
      owedOld = owedNew = 0;
      files.push(file);
      const paths = /^diff --git a\/(.*) b\/(.*)$/.exec(line);
      // Kept until ---/+++ or rename lines say otherwise (a mode-only change has neither).
      if (paths) [file.oldPath, file.newPath] = [paths[1] ?? null, paths[2] ?? null];
    } else if (!file) continue;
    else if (line.startsWith("--- ")) file.oldPath = side(line.slice(4), "a/");
    else if (line.startsWith("+++ ")) file.newPath = side(line.slice(4), "b/");
    else if (line.startsWith("rename from ")) file.oldPath = line.slice(12);
    else if (line.startsWith("rename to ")) file.newPath = line.slice(10);
    else if (line.startsWith("new file mode")) file.oldPath = null;
    else if (line.startsWith("deleted file mode")) file.newPath = null;
    else if (line.startsWith("Binary files ")) file.binary = true;
    else {
      const m = hunkHeader.exec(line);
      if (m) {
        hunk = {
          oldStart: Number(m[1]),
          oldCount: m[2] === undefined ? 1 : Number(m[2]),
          newStart: Number(m[3]),
          newCount: m[4] === undefined ? 1 : Number(m[4]),
          lines: [],
        };
        file.hunks.push(hunk);
        [owedOld, owedNew] = [hunk.oldCount, hunk.newCount];
      }
    }
  }
  return files;
}

function side(path: string, prefix: string): string | null {
  if (path === "/dev/null") return null;
  return path.startsWith(prefix) ? path.slice(prefix.length) : path;
}

/** New-side line numbers that were added. */
export function addedLines(file: FileDiff): number[] {
  return file.hunks.flatMap((h) => Array.from({ length: h.newCount }, (_, i) => h.newStart + i));
}

/** Old-side line numbers that were removed. */
export function removedLines(file: FileDiff): number[] {
  return file.hunks.flatMap((h) => Array.from({ length: h.oldCount }, (_, i) => h.oldStart + i));
}
