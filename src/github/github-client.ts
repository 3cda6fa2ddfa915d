// The authenticated REST client the adapter uses: Probot's Octokit (throttling + retry plugins included).
import type { ProbotOctokit } from "probot";

export type GitHubClient = InstanceType<typeof ProbotOctokit>;

export interface RepoRef {
  owner: string;
  repo: string;
}

export function splitRepo(fullName: string): RepoRef {
  const [owner, repo] = fullName.split("/");
  if (!owner || !repo) throw new Error(`not an owner/name repository: ${fullName}`);
  return { owner, repo };
}
