// The changed lines between a base and a head commit or the working tree, per file. Apart from the
// parsing (diff-hunks.ts), which the untracked-file reader shares, so the two import no cycle.
import { runGit } from "../index/run-git.ts";
import { parseUnifiedDiff, type FileDiff } from "./diff-hunks.ts";
import { untrackedDiffs, untrackedPaths } from "./untracked-diffs.ts";

/** `head` null: the working tree, uncommitted edits and untracked (not ignored) files included. */
export async function diffHunks(root: string, base: string, head: string | null): Promise<FileDiff[]> {
  // --no-ext-diff / --no-textconv: a repository's .gitattributes must not run a diff driver.
  const out = await runGit(root, [
    "diff",
    "--unified=0",
    "--no-color",
    "--no-ext-diff",
    "--no-textconv",
    "--find-renames",
    head === null ? base : `${base}..${head}`,
    "--",
  ]);
  const tracked = parseUnifiedDiff(out.toString("utf8"));
  if (head !== null) return tracked;
  // `git rm --cached f` keeps f on disk: git diff calls it deleted and ls-files --others lists it
  // again. It is one file, diffed against its base blob.
  const listed = await untrackedPaths(root);
  const onDisk = new Set(listed);
  const atBase = new Set(
    tracked.flatMap((d) => (d.newPath === null && d.oldPath && onDisk.has(d.oldPath) ? [d.oldPath] : [])),
  );
  const kept = tracked.filter((d) => !(d.newPath === null && d.oldPath && atBase.has(d.oldPath)));
  return [...kept, ...(await untrackedDiffs(root, listed, { atBase, base }))];
}
