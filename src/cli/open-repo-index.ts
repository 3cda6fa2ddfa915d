// What `xihe locate` and `xihe ask` both need from a checkout: its `.github/xihe.yml`, its code
// index (cached under the checkout's .xihe/) and a line reader confined to indexed files.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseRepoConfig, type RepoConfig } from "../config.ts";
import { UsageError } from "../errors.ts";
import { buildIndex } from "../understanding/build-index.ts";
import type { CodeIndex } from "../understanding/code-index.ts";
import type { ReadLines } from "../understanding/symbol-documents.ts";
import type { ReadText } from "../understanding/project-overview.ts";

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
  const configPath = join(root, ".github", "xihe.yml");
  const config = parseRepoConfig(existsSync(configPath) ? readFileSync(configPath, "utf8") : null);
  const index = await buildIndex(root, { ignore: config.understanding.ignore });
  const indexed = new Set(index.files.map((f) => f.path));
  const cache = new Map<string, string[] | null>();
  const readText: ReadText = (path) => {
    const full = join(root, path);
    return !path.includes("..") && existsSync(full) && statSync(full).isFile()
      ? readFileSync(full, "utf8")
      : null;
  };
  const readLines: ReadLines = (path) => {
    if (!indexed.has(path)) return null;
    if (!cache.has(path)) cache.set(path, readText(path)?.split("\n") ?? null);
    return cache.get(path) ?? null;
  };
  return { root, config, index, readLines, readText };
}
