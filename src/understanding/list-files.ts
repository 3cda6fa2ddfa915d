// The files of a repository with their git blob SHAs. In a git work tree: `git ls-files -s` for
// tracked files (SHAs from the index, no hashing), plus modified and untracked-but-not-ignored
// files, which are stat'ed and hashed only when their size or mtime changed since last time.
import { stat } from "node:fs/promises";
import { join } from "node:path";
import { runGit } from "./run-git.ts";

export interface ListedFile {
  path: string;
  blobSha: string;
  bytes: number | null;
}

/** path -> last seen stat and SHA of a file that differs from the git index. */
export type DirtyMemo = Map<string, { size: number; mtimeMs: number; blobSha: string }>;

export async function listGitFiles(root: string, dirtyMemo: DirtyMemo): Promise<ListedFile[]> {
  const [staged, changed] = await Promise.all([
    runGit(root, ["ls-files", "-s", "-z"]),
    runGit(root, ["ls-files", "-z", "-t", "-m", "-d", "-o", "--exclude-standard"]),
  ]);
  const files = new Map<string, ListedFile>();
  for (const entry of splitNul(staged)) {
    // "<mode> <sha> <stage>\t<path>"; only regular files (no symlinks 120000, no submodules 160000).
    const tab = entry.indexOf("\t");
    if (tab === -1 || !entry.startsWith("100")) continue;
    files.set(entry.slice(tab + 1), { path: entry.slice(tab + 1), blobSha: entry.slice(7, 47), bytes: null });
  }
  const dirty: string[] = [];
  for (const entry of splitNul(changed)) {
    const tag = entry[0];
    const path = entry.slice(2);
    if (tag === "R") files.delete(path);
    else if (!path.includes("\n")) dirty.push(path);
  }
  await rehashDirty(root, [...new Set(dirty)], files, dirtyMemo);
  return [...files.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

async function rehashDirty(root: string, paths: string[], files: Map<string, ListedFile>, memo: DirtyMemo) {
  const toHash: { path: string; size: number; mtimeMs: number }[] = [];
  for (const path of paths) {
    let st;
    try {
      st = await stat(join(root, path));
    } catch {
      files.delete(path); // deleted between the two git calls
      continue;
    }
    if (!st.isFile()) {
      files.delete(path);
      continue;
    }
    const seen = memo.get(path);
    if (seen && seen.size === st.size && seen.mtimeMs === st.mtimeMs) {
      files.set(path, { path, blobSha: seen.blobSha, bytes: st.size });
    } else {
      toHash.push({ path, size: st.size, mtimeMs: st.mtimeMs });
    }
  }
  if (toHash.length === 0) return;
  const out = await runGit(
    root,
    ["hash-object", "--no-filters", "--stdin-paths"],
    toHash.map((f) => f.path).join("\n") + "\n",
  );
  const shas = out.toString("utf8").trim().split("\n");
  toHash.forEach((f, i) => {
    const blobSha = shas[i] ?? "";
    memo.set(f.path, { size: f.size, mtimeMs: f.mtimeMs, blobSha });
    files.set(f.path, { path: f.path, blobSha, bytes: f.size });
  });
}

function splitNul(buf: Buffer): string[] {
  const text = buf.toString("utf8");
  return text === "" ? [] : text.split("\0").filter((s) => s !== "");
}
