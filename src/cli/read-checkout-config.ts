// The CLI's repository config: the checkout's own `.github/xihe.yml`. On the command line the
// checkout is the user's own repository, run with the user's own rights, so its file is the trusted
// config (the App instead reads the default branch's, see github/read-repo-config.ts).
import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { defaultRepoConfig, parseRepoConfig, type RepoConfig } from "../config.ts";
import { readRepoFile } from "../understanding/read-repo-file.ts";

export function readCheckoutConfig(cwd: string, repo: string | undefined): RepoConfig {
  const root = resolve(cwd, repo ?? ".");
  // Not a directory: openRepoIndex says so with the flag to fix.
  if (!existsSync(root) || !statSync(root).isDirectory()) return defaultRepoConfig;
  return parseRepoConfig(readRepoFile(root, ".github/xihe.yml")?.toString("utf8") ?? null);
}
