// Reads `.github/xihe.yml` from the DEFAULT branch only, so a pull request cannot widen its own
// rights (threat model A14). A missing file means defaults; an invalid one is returned, not thrown.
import { createHash } from "node:crypto";
import { parseRepoConfig, type RepoConfig } from "../config.ts";
import { ConfigError } from "../errors.ts";
import type { GitHubClient, RepoRef } from "./github-client.ts";

export const repoConfigPath = ".github/xihe.yml";

export type RepoConfigResult =
  | { ok: true; config: RepoConfig; policyHash: string; source: "file" | "defaults" }
  | { ok: false; error: ConfigError };

export async function readRepoConfig(
  octokit: GitHubClient,
  ref: RepoRef & { defaultBranch: string },
): Promise<RepoConfigResult> {
  const text = await fetchConfigText(octokit, ref);
  try {
    const config = parseRepoConfig(text);
    return { ok: true, config, policyHash: hashPolicy(config), source: text === null ? "defaults" : "file" };
  } catch (err) {
    if (err instanceof ConfigError) return { ok: false, error: err };
    throw err;
  }
}

async function fetchConfigText(
  octokit: GitHubClient,
  ref: RepoRef & { defaultBranch: string },
): Promise<string | null> {
  try {
    const { data } = await octokit.rest.repos.getContent({
      owner: ref.owner,
      repo: ref.repo,
      path: repoConfigPath,
      ref: ref.defaultBranch,
    });
    if (Array.isArray(data) || data.type !== "file" || !("content" in data)) {
      throw new ConfigError(`${repoConfigPath} must be a file`, [
        { path: "(file)", message: "not a regular file" },
      ]);
    }
    return Buffer.from(data.content, "base64").toString("utf8");
  } catch (err) {
    if (err instanceof Error && "status" in err && err.status === 404) return null;
    throw err;
  }
}

/** A stable fingerprint of the effective policy, logged per run so a changed policy is visible. */
export function hashPolicy(config: RepoConfig): string {
  return createHash("sha256").update(JSON.stringify(config)).digest("hex").slice(0, 16);
}
