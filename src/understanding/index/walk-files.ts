// Lists a directory that is not a git work tree, honouring .gitignore files at every level, and
// computes git blob SHAs itself (sha1 of "blob <size>\0<bytes>") so the cache works the same way.
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import ignore, { type Ignore } from "ignore";
import { blobSha } from "./blob-sha.ts";
import type { ListedFile } from "./list-files.ts";
import { readRepoFile } from "../read-repo-file.ts";

interface Level {
  dir: string;
  rules: Ignore;
}

export interface WalkResult {
  files: ListedFile[];
  /** Directories not descended into (vendored trees), repository-relative with a trailing "/". */
  prunedDirs: string[];
}

export interface WalkRules {
  /** Directory names not to descend into. */
  pruneDir: (name: string) => boolean;
  /** Files worth hashing; the others are listed with an empty SHA. */
  wantsSha: (path: string) => boolean;
}

export async function walkFiles(root: string, rules: WalkRules): Promise<WalkResult> {
  const result: WalkResult = { files: [], prunedDirs: [] };
  await walk(root, "", [], rules, result);
  result.files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return result;
}

function isIgnored(levels: readonly Level[], rel: string, isDir: boolean): boolean {
  for (const level of levels) {
    const local = level.dir === "" ? rel : rel.slice(level.dir.length + 1);
    if (level.rules.ignores(isDir ? `${local}/` : local)) return true;
  }
  return false;
}

async function walk(root: string, dir: string, levels: Level[], rules: WalkRules, out: WalkResult) {
  const abs = join(root, dir);
  const entries = await readdir(abs, { withFileTypes: true });
  const here = [...levels];
  const gitignore = entries.find((e) => e.isFile() && e.name === ".gitignore");
  const ignoreText = gitignore ? readRepoFile(root, dir === "" ? ".gitignore" : `${dir}/.gitignore`) : null;
  if (ignoreText) here.push({ dir, rules: ignore().add(ignoreText.toString("utf8")) });
  for (const entry of entries) {
    const rel = dir === "" ? entry.name : `${dir}/${entry.name}`;
    if (entry.name === ".git" || entry.name === ".xihe") continue;
    if (entry.isDirectory()) {
      if (isIgnored(here, rel, true)) continue;
      if (rules.pruneDir(entry.name)) out.prunedDirs.push(`${rel}/`);
      else await walk(root, rel, here, rules, out);
    } else if (entry.isFile() && !isIgnored(here, rel, false)) {
      if (!rules.wantsSha(rel)) {
        out.files.push({ path: rel, blobSha: "", bytes: null });
        continue;
      }
      // Read confined: the entry was a regular file when listed, but may have been swapped since.
      const bytes = readRepoFile(root, rel);
      if (bytes === null) continue;
      out.files.push({ path: rel, blobSha: blobSha(bytes), bytes: bytes.length });
    }
  }
}
