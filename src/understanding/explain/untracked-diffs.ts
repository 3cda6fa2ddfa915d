// The working tree's untracked (not ignored) files as added-file diffs. `git diff BASE` leaves them
// out, yet a user running `explain --working-tree` counts a new file they have not `git add`ed yet
// as part of their edit; the index already reads them (ls-files --others). Read from disk rather
// than through `git add -N`, which would change the user's staging area.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { runGit } from "../index/run-git.ts";
import type { FileDiff } from "./diff-hunks.ts";

/** git's own test for a binary file: a NUL byte within the first 8,000 bytes. */
const binaryProbeBytes = 8000;

export async function untrackedDiffs(root: string): Promise<FileDiff[]> {
  const listed = await runGit(root, ["ls-files", "--others", "--exclude-standard", "-z", "--"]);
  const paths = listed
    .toString("utf8")
    .split("\0")
    .filter((p) => p !== "");
  const diffs: FileDiff[] = [];
  for (const path of paths.sort()) {
    let bytes: Buffer;
    try {
      bytes = await readFile(join(root, path));
    } catch {
      // Gone since it was listed, or a directory entry git lists (a nested repository): nothing to read.
      continue;
    }
    diffs.push(addedFileDiff(path, bytes));
  }
  return diffs;
}

export function addedFileDiff(path: string, bytes: Buffer): FileDiff {
  if (bytes.subarray(0, binaryProbeBytes).includes(0))
    return { oldPath: null, newPath: path, hunks: [], binary: true };
  const text = bytes.toString("utf8");
  const lines = text.split("\n");
  if (text.endsWith("\n")) lines.pop();
  // As git prints them: a carriage return stays part of its line.
  const hunks =
    text === ""
      ? []
      : [
          {
            oldStart: 0,
            oldCount: 0,
            newStart: 1,
            newCount: lines.length,
            lines: lines.map((l) => `+${l}`),
          },
        ];
  return { oldPath: null, newPath: path, hunks, binary: false };
}
