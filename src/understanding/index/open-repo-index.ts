// What `xihe locate` and `xihe ask` both need from a checkout: its `.github/xihe.yml`, its code
// index (cached under the checkout's .xihe/, refused when that is a symlink) and a line reader
// confined to indexed files. Every read is confined by real path when it happens: the checkout's
// files can change (a test run replaces one by a link) after the index was built.
import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { parseRepoConfig, type RepoConfig } from "../../config.ts";
import { UsageError } from "../../errors.ts";
import { buildIndex } from "./build-index.ts";
import type { CodeIndex } from "./code-index.ts";
import type { ReadLines } from "./symbol-documents.ts";
import type { ReadText } from "./project-overview.ts";
import { readRepoFile } from "../read-repo-file.ts";

export interface RepoIndex {
  root: string;
  config: RepoConfig;
  index: CodeIndex;
  readLines: ReadLines;
  /** Any repository-relative file (manifests for the overview); null when absent. */
  readText: ReadText;
}

export async function openRepoIndex(cwd: string, repo: string | undefined): Promise<RepoIndex> {
  const root = resolve(cwd, repo ?? ".");
  if (!existsSync(root) || !statSync(root).isDirectory())
    throw new UsageError(`--repo must be a directory; ${repo ?? root} is not one`);
  const config = parseRepoConfig(readRepoFile(root, ".github/xihe.yml")?.toString("utf8") ?? null);
  const index = await buildIndex(root, { ignore: config.understanding.ignore });
  const indexed = new Set(index.files.map((f) => f.path));
  const cache = new Map<string, string[] | null>();
  const readText: ReadText = (path) => readRepoFile(root, path)?.toString("utf8") ?? null;
  const readLines: ReadLines = (path) => {
    if (!indexed.has(path)) return null;
    if (!cache.has(path)) cache.set(path, readText(path)?.split("\n") ?? null);
    return cache.get(path) ?? null;
  };
  return { root, config, index, readLines, readText };
}
