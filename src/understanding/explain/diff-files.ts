// The files of a diff with the symbols each changes, and the files explain could not read, each
// with the reason: generated, vendored, minified, binary, too large (for the index or the diff).
// Also the plain list of the paths a diff touches (which test files `--coverage` runs).
import { readBaseFile } from "./base-symbols.ts";
import { changedSymbols, type ChangedSymbol } from "./changed-symbols.ts";
import type { CodeIndex, SkippedFile } from "../index/code-index.ts";
import type { FileDiff } from "./diff-hunks.ts";
import type { Grammars } from "../index/grammars.ts";
import { pathSkipReason } from "../index/skip-rules.ts";
import type { SymbolLookup } from "../index/symbol-lookup.ts";
import { runGit } from "../index/run-git.ts";

export interface ChangedFile {
  path: string;
  oldPath: string | null;
  status: "added" | "deleted" | "modified" | "renamed";
  added: number;
  removed: number;
  /** Changed lines outside any symbol. */
  outsideLines: number;
  /** Why explain did not look inside the file; null when it did. */
  skipped: SkippedFile["reason"] | "too_large_diff" | "special_file" | null;
}

/** A file change larger than this is listed, not attributed line by line. */
export const maxDiffLines = 5000;

export async function diffFiles(
  root: string,
  base: string,
  diffs: readonly FileDiff[],
  index: CodeIndex,
  lookup: SymbolLookup,
  grammars: Grammars,
): Promise<{ files: ChangedFile[]; changed: ChangedSymbol[] }> {
  const skippedAtHead = new Map(index.skipped.map((s) => [s.path, s.reason]));
  const files: ChangedFile[] = [];
  const changed: ChangedSymbol[] = [];
  for (const diff of diffs) {
    const path = diff.newPath ?? diff.oldPath ?? "";
    const added = diff.hunks.reduce((n, h) => n + h.newCount, 0);
    const removed = diff.hunks.reduce((n, h) => n + h.oldCount, 0);
    const skipped =
      diff.skipped ??
      (diff.binary
        ? "binary"
        : added + removed > maxDiffLines
          ? "too_large_diff"
          : (skippedAtHead.get(path) ?? (diff.oldPath ? pathSkipReason(diff.oldPath) : null)));
    // Only files the index covers (at the head) or would cover (deleted): a vendored or ignored
    // file's base symbols would otherwise all look "removed".
    const covered =
      skipped === null && (diff.newPath ? lookup.file(diff.newPath) !== undefined : diff.oldPath !== null);
    const baseFile = covered && diff.oldPath ? await readBaseFile(root, base, diff.oldPath, grammars) : null;
    const own = covered
      ? changedSymbols(diff, diff.newPath ? lookup.symbolsIn(diff.newPath) : [], baseFile)
      : { symbols: [], outsideLines: 0 };
    changed.push(...own.symbols);
    files.push({
      path,
      oldPath: diff.oldPath,
      status: !diff.oldPath
        ? "added"
        : !diff.newPath
          ? "deleted"
          : diff.oldPath !== diff.newPath
            ? "renamed"
            : "modified",
      added,
      removed,
      outsideLines: own.outsideLines,
      skipped,
    });
  }
  return { files, changed };
}

/**
 * The head-side paths changed since `base` (a deleted file by its old path), NUL-separated so no path
 * is quoted; `head` null: the working tree, whose untracked files (not ignored) are changes too.
 */
export async function changedPaths(root: string, base: string, head: string | null): Promise<string[]> {
  const range = head === null ? [base] : [base, head];
  const diff = await runGit(root, [
    "diff",
    "--name-only",
    "-z",
    "--no-ext-diff",
    "--no-textconv",
    ...range,
    "--",
  ]);
  const untracked =
    head === null ? await runGit(root, ["ls-files", "--others", "--exclude-standard", "-z", "--"]) : null;
  const paths = [diff, untracked].flatMap((out) => (out ? out.toString("utf8").split("\0") : []));
  return [...new Set(paths.filter((p) => p !== ""))].sort();
}
