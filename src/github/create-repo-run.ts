// Records a run about a whole repository (`/xihe upgrade`, the `deps.schedule`): it works on the
// default branch at the commit current right now, whatever thread asked. `thread` is the issue or PR
// whose conversation gets the run's reply (null for a scheduled run: nobody asked, nothing to answer).
import type { CreateRunResult, RunTrigger, RunVerb, Store } from "../store/store.ts";
import type { PrRunContextInput } from "../runs/pr-run-context.ts";
import type { GitHubClient, RepoRef } from "./github-client.ts";
import { cloneUrlOf, type GitHubUrls } from "./github-urls.ts";

export interface RepoRunRequest {
  ref: RepoRef;
  installationId: number | null;
  thread: number | null;
  verb: RunVerb;
  args: string;
  trigger: RunTrigger;
  requester: string;
  defaultBranch: string;
  cloneUrl?: string;
  policyHash?: string;
  commentId?: number;
}

export async function createRepoRun(
  octokit: GitHubClient,
  req: RepoRunRequest,
  deps: { store: Store; now: () => Date; newRunId: () => string; github: GitHubUrls },
): Promise<CreateRunResult> {
  const { data } = await octokit.rest.repos.getBranch({ ...req.ref, branch: req.defaultBranch });
  const repo = `${req.ref.owner}/${req.ref.repo}`;
  return deps.store.createRun(
    {
      installationId: req.installationId,
      repo,
      pr: req.thread,
      headSha: data.commit.sha,
      verb: req.verb,
      args: req.args,
      trigger: req.trigger,
      requester: req.requester,
      budget: null,
      context: {
        headRef: req.defaultBranch,
        headRepo: repo,
        cloneUrl: req.cloneUrl ?? cloneUrlOf(deps.github, repo),
        isFork: false,
        defaultBranch: req.defaultBranch,
        ...(req.policyHash === undefined ? {} : { policyHash: req.policyHash }),
        ...(req.commentId === undefined ? {} : { commentId: req.commentId }),
      } satisfies PrRunContextInput,
    },
    { id: deps.newRunId(), now: deps.now().toISOString() },
  );
}
