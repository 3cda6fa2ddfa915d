// Records a run for a pull request at the head SHA current right now (the SHA the asker approved,
// threat model A09). Fork details travel in the run context so the worker never re-reads them from the PR.
import type { RunTrigger, RunVerb, CreateRunResult } from "../store/store.ts";
import type { GitHubClient, RepoRef } from "./github-client.ts";
import { cloneUrlOf } from "./github-urls.ts";
import type { HandlerDeps } from "./handler-deps.ts";
import { pullRequestPayload } from "./payloads.ts";
import type { PrRunContextInput } from "../runs/pr-run-context.ts";

export interface PrRunRequest {
  ref: RepoRef;
  installationId: number | null;
  prNumber: number;
  verb: RunVerb;
  args: string;
  trigger: RunTrigger;
  requester: string;
  defaultBranch: string;
  policyHash: string;
  /** What the trigger adds: the asking comment, or the failed check. */
  extra?: Pick<PrRunContextInput, "commentId" | "failedCheck">;
  /** Only a PR opened by one of these accounts gets the run (the `deps.fix_bot_prs` exception). */
  authors?: readonly string[];
}

const personTriggers: ReadonlySet<RunTrigger> = new Set(["comment", "label", "cli", "api"]);

export async function createPrRun(
  octokit: GitHubClient,
  req: PrRunRequest,
  deps: HandlerDeps,
): Promise<
  CreateRunResult | { created: false; refused: "fork_needs_a_maintainer" | "not_opened_by_those_bots" }
> {
  const { data } = await octokit.rest.pulls.get({ ...req.ref, pull_number: req.prNumber });
  const pr = pullRequestPayload.parse(data);
  const baseRepo = `${req.ref.owner}/${req.ref.repo}`;
  const headRepo = pr.head.repo?.full_name ?? null;
  // A fork's code runs only when a person asked for it (a maintainer's comment or label, the token
  // holder's `xihe fix --pr`, or an API token an operator granted run scope), never on an automatic
  // trigger.
  if (headRepo !== baseRepo && !personTriggers.has(req.trigger))
    return { created: false, refused: "fork_needs_a_maintainer" };
  if (req.authors !== undefined && !req.authors.includes(pr.user.login))
    return { created: false, refused: "not_opened_by_those_bots" };
  return deps.store.createRun(
    {
      installationId: req.installationId,
      repo: baseRepo,
      pr: req.prNumber,
      headSha: pr.head.sha,
      verb: req.verb,
      args: req.args,
      trigger: req.trigger,
      requester: req.requester,
      budget: null,
      context: {
        headRef: pr.head.ref,
        headRepo,
        cloneUrl: pr.base.repo.clone_url ?? cloneUrlOf(deps.github, baseRepo),
        headCloneUrl: pr.head.repo?.clone_url ?? null,
        baseRef: pr.base.ref,
        isFork: headRepo !== baseRepo,
        maintainerCanModify: pr.maintainer_can_modify,
        defaultBranch: req.defaultBranch,
        policyHash: req.policyHash,
        prState: pr.state,
        ...req.extra,
      } satisfies PrRunContextInput,
    },
    { id: deps.newRunId(), now: deps.now().toISOString() },
  );
}
