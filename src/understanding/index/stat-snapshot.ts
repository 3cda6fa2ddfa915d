// The no-git fast path of a git listing: after a full listing we remember every listed file's
// size and mtime and every ancestor directory's mtime. While .git/index and all those
// directories are unchanged, no file can have been added or removed (that changes a directory's
// mtime), so the listing is the previous one with changed files re-hashed in-process — no git
// process at all. Files modified within a second of the listing are "racy" (git's term): their
// stat is not trusted and they are re-hashed every time.
import { lstatSync, statSync } from "node:fs";
import { join, posix } from "node:path";
import { blobSha } from "./blob-sha.ts";
import { readRepoFile } from "../read-repo-file.ts";
import type { ListedFile } from "./list-files.ts";

export interface StatSnapshot {
  indexStamp: string;
  files: ListedFile[];
  /** path -> "size:mtimeMs", or "racy". */
  stats: Map<string, string>;
  dirs: Map<string, number>;
}

const racyWindowMs = 1000;

export function indexStampOf(gitIndexPath: string): string {
  const st = statSync(gitIndexPath, { throwIfNoEntry: false });
  return st ? `${st.ino}:${st.size}:${st.mtimeMs}` : "";
}

function statKey(root: string, path: string, listedAtMs: number): string | null {
  // lstat: a file replaced by a symlink is "gone" and forces a full listing, which skips links.
  const st = lstatSync(join(root, path), { throwIfNoEntry: false });
  if (!st?.isFile()) return null;
  return st.mtimeMs >= listedAtMs - racyWindowMs ? "racy" : `${st.size}:${st.mtimeMs}`;
}

/** Records a full listing; `listedAtMs` is the wall clock just before git was asked. */
export function takeSnapshot(
  root: string,
  indexStamp: string,
  files: ListedFile[],
  listedAtMs: number,
): StatSnapshot {
  const stats = new Map<string, string>();
  const dirs = new Map<string, number>();
  for (const f of files) {
    stats.set(f.path, statKey(root, f.path, listedAtMs) ?? "racy");
    for (let d = posix.dirname(f.path); !dirs.has(d); d = posix.dirname(d)) {
      dirs.set(d, statSync(join(root, d), { throwIfNoEntry: false })?.mtimeMs ?? -1);
      if (d === ".") break;
    }
  }
  return { indexStamp, files, stats, dirs };
}

/** The current listing from the snapshot, or null when a directory changed (ask git). */
export function relistFromSnapshot(root: string, snapshot: StatSnapshot, nowMs: number): ListedFile[] | null {
  for (const [dir, mtimeMs] of snapshot.dirs) {
    if ((statSync(join(root, dir), { throwIfNoEntry: false })?.mtimeMs ?? -1) !== mtimeMs) return null;
  }
  const files: ListedFile[] = [];
  for (const f of snapshot.files) {
    const seen = snapshot.stats.get(f.path);
    const key = statKey(root, f.path, nowMs);
    if (key === null) return null;
    if (key === seen && key !== "racy") {
      files.push(f);
      continue;
    }
    // A changed .gitignore changes which files are listed at all.
    if (f.path === ".gitignore" || f.path.endsWith("/.gitignore")) return null;
    const bytes = readRepoFile(root, f.path);
    if (bytes === null) return null;
    files.push({ path: f.path, blobSha: blobSha(bytes), bytes: bytes.length });
    // Trust the new stat only once it is old enough.
    snapshot.stats.set(f.path, key);
  }
  return files;
}
