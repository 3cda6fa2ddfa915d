// The files of a git work tree with their blob SHAs: `git ls-files -s` for tracked files (SHAs
// from the index, no hashing; its parsed output is reused while .git/index is unchanged), plus
// modified and untracked-but-not-ignored files, which are stat'ed and hashed (in-process) only when
// their size or mtime changed since the last listing.
import { lstat, stat } from "node:fs/promises";
import { join } from "node:path";
import { blobSha } from "./blob-sha.ts";
import { readRepoFile } from "../read-repo-file.ts";
import { runGit } from "./run-git.ts";
import { indexStampOf, relistFromSnapshot, takeSnapshot, type StatSnapshot } from "./stat-snapshot.ts";

export interface ListedFile {
  path: string;
  blobSha: string;
  bytes: number | null;
}

/** What one root's previous listing learnt, kept by the open cache. */
export interface ListingMemo {
  /** Absolute path of the index file; null when the root is not in a git work tree. */
  gitIndexPath?: string | null;
  staged?: { stamp: string; files: Map<string, string> };
  /** The last full listing, for the fast path while nothing moved (stat-snapshot.ts). */
  snapshot?: StatSnapshot;
  /** path -> last seen stat and SHA of a file that differs from the git index. */
  dirty: Map<string, { size: number; mtimeMs: number; blobSha: string }>;
}

export async function listGitFiles(
  root: string,
  gitIndexPath: string,
  memo: ListingMemo,
  wallClockMs: () => number,
): Promise<ListedFile[]> {
  const stamp = indexStampOf(gitIndexPath);
  if (memo.snapshot && stamp !== "" && memo.snapshot.indexStamp === stamp) {
    const quick = relistFromSnapshot(root, memo.snapshot, wallClockMs());
    if (quick) return quick;
  }
  const listedAtMs = wallClockMs();
  const [staged, changed] = await Promise.all([
    stagedFiles(root, gitIndexPath, memo),
    runGit(root, ["ls-files", "-z", "-t", "-m", "-d", "-o", "--exclude-standard"]),
  ]);
  const files = new Map<string, ListedFile>();
  for (const [path, blobSha] of staged) files.set(path, { path, blobSha, bytes: null });
  const dirty: string[] = [];
  for (const entry of splitNul(changed)) {
    const tag = entry[0];
    const path = entry.slice(2);
    if (tag === "R") files.delete(path);
    else if (!path.includes("\n")) dirty.push(path);
  }
  await rehashDirty(root, [...new Set(dirty)], files, memo);
  const sorted = [...files.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  // `git ls-files -s` may itself have refreshed the index; stamp what we listed against.
  memo.snapshot = takeSnapshot(root, indexStampOf(gitIndexPath), sorted, listedAtMs);
  return sorted;
}

async function stagedFiles(
  root: string,
  gitIndexPath: string,
  memo: ListingMemo,
): Promise<Map<string, string>> {
  const st = await stat(gitIndexPath).catch(() => null);
  const stamp = st ? `${st.ino}:${st.size}:${st.mtimeMs}` : "";
  if (stamp !== "" && memo.staged?.stamp === stamp) return memo.staged.files;
  const files = new Map<string, string>();
  for (const entry of splitNul(await runGit(root, ["ls-files", "-s", "-z"]))) {
    // "<mode> <sha> <stage>\t<path>"; only regular files (no symlinks 120000, no submodules 160000).
    const tab = entry.indexOf("\t");
    if (tab !== -1 && entry.startsWith("100")) files.set(entry.slice(tab + 1), entry.slice(7, 47));
  }
  memo.staged = { stamp, files };
  return files;
}

async function rehashDirty(root: string, paths: string[], files: Map<string, ListedFile>, memo: ListingMemo) {
  for (const path of paths) {
    // lstat: a symlink is never indexed, like the staged ones (mode 120000) above; its target could
    // be outside the repository (`/proc/self/environ`, `/etc/passwd`).
    const st = await lstat(join(root, path)).catch(() => null);
    // Gone between the two git calls, or not a regular file.
    if (!st?.isFile()) {
      files.delete(path);
      continue;
    }
    const seen = memo.dirty.get(path);
    let sha = seen && seen.size === st.size && seen.mtimeMs === st.mtimeMs ? seen.blobSha : null;
    if (sha === null) {
      const bytes = readRepoFile(root, path);
      if (!bytes) {
        files.delete(path);
        continue;
      }
      sha = blobSha(bytes);
      memo.dirty.set(path, { size: st.size, mtimeMs: st.mtimeMs, blobSha: sha });
    }
    files.set(path, { path, blobSha: sha, bytes: st.size });
  }
}

function splitNul(buf: Buffer): string[] {
  const text = buf.toString("utf8");
  return text === "" ? [] : text.split("\0").filter((s) => s !== "");
}
