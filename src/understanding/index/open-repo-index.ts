// What locate, ask, explain and fix need from a checkout: its code index (cached under the
// checkout's .xihe/, refused when that is a symlink) and a line reader confined to indexed files.
// The config is a parameter, never the checkout's own `.github/xihe.yml`: on a PR that file is the
// PR author's (threat model A14); the caller passes the trusted one. Every read is confined by real path
// when it happens: the checkout's files can change (a test run replaces one by a link).
import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import type { RepoConfig } from "../../config.ts";
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

export async function openRepoIndex(
  cwd: string,
  repo: string | undefined,
  config: RepoConfig,
  /** The index cache (build-index.ts); default: the checkout's `.xihe/`; null: none, nothing written. */
  options: { cache?: string | null } = {},
): Promise<RepoIndex> {
  const root = resolve(cwd, repo ?? ".");
  if (!existsSync(root) || !statSync(root).isDirectory())
    throw new UsageError(`--repo must be a directory; ${repo ?? root} is not one`);
  const index = await buildIndex(root, { ignore: config.understanding.ignore, cache: options.cache });
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
