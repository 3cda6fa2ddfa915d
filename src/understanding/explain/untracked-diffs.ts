// The working tree's untracked (not ignored) files as diffs. `git diff BASE` leaves them out, yet a
// user running `explain --working-tree` counts a new file they have not `git add`ed yet as part of
// their edit; the index already reads them (ls-files --others). Read from disk rather than through
// `git add -N`, which would change the user's staging area.
// The files are PR-controlled (A16): a symlink is shown as git shows one (its target text, never
// the target's content), a FIFO or device is never opened for reading, a file over the index's size
// limit is listed as skipped before it is read, and a file that cannot be read is listed with why.
import { lstatSync, readlinkSync, type Stats } from "node:fs";
import { join } from "node:path";
import { runGit } from "../index/run-git.ts";
import { defaultMaxFileBytes } from "../index/skip-rules.ts";
import { readWorkspaceFile } from "../../workspace/read-workspace-file.ts";
import type { FileDiff } from "./diff-hunks.ts";
import { modifiedFileDiff } from "./modified-file-diff.ts";

/** git's own test for a binary file: a NUL byte within the first 8,000 bytes. */
const binaryProbeBytes = 8000;

export interface UntrackedOptions {
  /** Paths the base has (untracked with `git rm --cached`): diffed against the base blob. */
  atBase?: ReadonlySet<string>;
  /** The base commit, needed with `atBase`. */
  base?: string;
  /** Larger files are listed as too large, unread. Default: the index's limit. */
  maxBytes?: number;
}

/** The untracked, not ignored paths, sorted. */
export async function untrackedPaths(root: string): Promise<string[]> {
  const listed = await runGit(root, ["ls-files", "--others", "--exclude-standard", "-z", "--"]);
  return listed
    .toString("utf8")
    .split("\0")
    .filter((p) => p !== "")
    .sort();
}

export async function untrackedDiffs(
  root: string,
  paths: readonly string[],
  { atBase = new Set(), base = "HEAD", maxBytes = defaultMaxFileBytes }: UntrackedOptions = {},
): Promise<FileDiff[]> {
  const diffs: FileDiff[] = [];
  for (const path of paths) {
    const content = readUntracked(root, path, maxBytes);
    if (content === null) continue;
    const oldPath = atBase.has(path) ? path : null;
    if ("skipped" in content) diffs.push({ oldPath, newPath: path, hunks: [], binary: false, ...content });
    else if (oldPath === null) diffs.push(addedFileDiff(path, content.bytes));
    else {
      // Unchanged since the base: no change at all.
      const diff = await modifiedFileDiff(root, base, path, content.bytes, maxBytes);
      if (diff) diffs.push(diff);
    }
  }
  return diffs;
}

type Untracked = { bytes: Buffer } | { skipped: NonNullable<FileDiff["skipped"]> };

/** The bytes git would diff for `path`, why it is skipped, or null when there is nothing to show. */
function readUntracked(root: string, path: string, maxBytes: number): Untracked | null {
  let info: Stats | undefined;
  try {
    info = lstatSync(join(root, path), { throwIfNoEntry: false });
  } catch {
    return { skipped: "unreadable" };
  }
  // Gone since it was listed: nothing to show.
  if (!info) return null;
  // git stores a link as its target text; the target itself may be a FIFO or outside the repository.
  if (info.isSymbolicLink()) {
    try {
      return { bytes: Buffer.from(readlinkSync(join(root, path))) };
    } catch {
      return { skipped: "unreadable" };
    }
  }
  // A nested repository (git lists it as `dir/`): git diff shows nothing inside it either.
  if (info.isDirectory()) return null;
  if (!info.isFile()) return { skipped: "special_file" };
  if (info.size > maxBytes) return { skipped: "too_large" };
  try {
    // Confined and non-blocking at open time: the file may have been swapped for a link or a FIFO.
    const file = readWorkspaceFile(root, path, { maxBytes });
    if (file.kind === "file") return { bytes: file.bytes };
    if (file.kind === "too_large") return { skipped: "too_large" };
    if (file.kind === "special") return { skipped: "special_file" };
    return null;
  } catch {
    // Refused (it now leads out of the repository) or not readable (permissions): say so.
    return { skipped: "unreadable" };
  }
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
