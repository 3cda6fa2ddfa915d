// `/xihe rebase` names no group: it is the one whose branch (`xihe/deps/<group>`, in this repository,
// not a fork's) the pull request proposes.
import type { GitHubClient, RepoRef } from "./github-client.ts";

const groupBranch = /^xihe\/deps\/([a-z0-9][a-z0-9-]*)$/;

/** The upgrade group of pull request `number`, or null when it is not an upgrade pull request. */
export async function upgradeGroupOfPull(
  octokit: GitHubClient,
  ref: RepoRef,
  number: number,
): Promise<string | null> {
  const { data } = await octokit.rest.pulls.get({ ...ref, pull_number: number });
  if (data.head.repo?.full_name.toLowerCase() !== `${ref.owner}/${ref.repo}`.toLowerCase()) return null;
  return upgradeGroupOfBranch(data.head.ref);
}

/** The group of an upgrade branch name (`xihe/deps/<group>`), or null for any other branch. */
export function upgradeGroupOfBranch(branch: string): string | null {
  return groupBranch.exec(branch)?.[1] ?? null;
}
