// Delivers a pushed side branch. Same-repo PR: one fix PR from the side branch into the PR's head
// branch, found again by its head branch before creating (exactly once, even when a crashed attempt
// created it). Fork PR: Xihe cannot (and without maintainer edits must not) write to the fork, so
// the result is a compare link in the base repository plus the patch.
import { assertBranchName, assertCommitSha } from "../workspace/git/git-ref.ts";
import type { DeliveryGit } from "./delivery-git.ts";
import { formatFixPatch, type FixPatch } from "./format-fix-patch.ts";
import { repoRefOf, type PullRequestPort, type RepoRef } from "./pull-request-port.ts";
import { assertSafeBranchName } from "./side-branch-name.ts";

export interface FixPullRequestInput {
  /** The base repository, "owner/name": the side branch lives here. */
  repo: string;
  /** The PR's head branch (`pull_request.head.ref`), the fix PR's base. */
  headRef: string;
  /** True when the PR's head repository is not the base repository. */
  isFork: boolean;
  sideBranch: string;
  title: string;
  body: string;
  /** The GitHub web address (`https://github.com` or a GitHub Enterprise Server): the compare link. */
  webUrl: string;
  /** Used for a fork PR: the patch of base..head. */
  patch: { git: DeliveryGit; base: string; head: string; maxBytes?: number };
}

export type FixDelivery =
  | { kind: "pull_request"; number: number; url: string; state: string; created: boolean }
  | { kind: "compare"; compareUrl: string; patch: FixPatch };

const maxBodyChars = 60_000;

export async function openFixPullRequest(
  octokit: PullRequestPort,
  input: FixPullRequestInput,
): Promise<FixDelivery> {
  const ref = repoRefOf(input.repo);
  const sideBranch = assertSafeBranchName(input.sideBranch);
  if (input.isFork) {
    // The fork's branch name means nothing in the base repository (and may collide with one of its
    // branches, e.g. "main"); the PR head SHA the fix was built on is an ancestor of the side branch.
    return {
      kind: "compare",
      compareUrl: `${input.webUrl}/${ref.owner}/${ref.repo}/compare/${assertCommitSha(input.patch.base)}...${sideBranch}`,
      patch: await formatFixPatch(input.patch.git, input.patch),
    };
  }
  const existing = await findByHead(octokit, ref, sideBranch);
  if (existing) return { ...existing, created: false };
  try {
    const { data } = await octokit.rest.pulls.create({
      ...ref,
      head: sideBranch,
      base: assertBranchName(input.headRef),
      title: input.title.replace(/[\r\n]+/g, " ").slice(0, 250),
      body: input.body.slice(0, maxBodyChars),
      maintainer_can_modify: false,
    });
    return {
      kind: "pull_request",
      number: data.number,
      url: data.html_url,
      state: data.state,
      created: true,
    };
  } catch (err) {
    // 422 "A pull request already exists": a concurrent attempt won the race; use its PR.
    const raced = isStatus(err, 422) ? await findByHead(octokit, ref, sideBranch) : null;
    if (raced) return { ...raced, created: false };
    throw err;
  }
}

async function findByHead(
  octokit: PullRequestPort,
  ref: RepoRef,
  branch: string,
): Promise<{ kind: "pull_request"; number: number; url: string; state: string } | null> {
  const { data } = await octokit.rest.pulls.list({
    ...ref,
    head: `${ref.owner}:${branch}`,
    state: "all",
    per_page: 10,
  });
  const pr = data.find((p) => p.head.ref === branch);
  return pr ? { kind: "pull_request", number: pr.number, url: pr.html_url, state: pr.state } : null;
}

function isStatus(err: unknown, status: number): boolean {
  return typeof err === "object" && err !== null && "status" in err && err.status === status;
}
