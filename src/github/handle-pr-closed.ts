// `pull_request.closed` (merged or not): Xihe's side branches of that PR are no longer needed and
// are deleted, each with a lease on the tip that was checked (delete-ref-leased.ts). Only
// `xihe/fix/<pr>-*` branches whose tip carries a `Xihe-Run` trailer are touched, and a branch
// someone pushed to after the check survives. Triaged in the worker; a retry after a partial cleanup lists the
// refs again, so a deleted branch is never deleted twice.
import { z } from "zod";
import { runIdsOf } from "../delivery/run-commit-message.ts";
import { sideBranchPrefix } from "../delivery/side-branch-name.ts";
import { deleteRefLeased } from "./delete-ref-leased.ts";
import type { GitHubClient, RepoRef } from "./github-client.ts";
import type { TriageDeps } from "./handler-deps.ts";

/** The fields of `pull_request.closed` the cleanup reads. */
export const pullRequestClosedPayload = z.object({
  action: z.literal("closed"),
  pull_request: z.object({ number: z.number() }),
  repository: z.object({
    name: z.string(),
    full_name: z.string(),
    /** The GraphQL id the leased delete names the repository by. */
    node_id: z.string(),
    owner: z.object({ login: z.string() }),
  }),
  installation: z.object({ id: z.number() }).optional(),
});

export async function handlePrClosed(
  octokit: GitHubClient,
  input: { ref: RepoRef; repositoryId: string; fullName: string; prNumber: number },
  deps: Pick<TriageDeps, "store" | "log" | "now">,
): Promise<string[]> {
  const prefix = sideBranchPrefix(input.prNumber);
  const { data } = await octokit.rest.git.listMatchingRefs({ ...input.ref, ref: `heads/${prefix}` });
  const deleted: string[] = [];
  for (const { ref, object } of data) {
    const branch = ref.replace(/^refs\/heads\//, "");
    if (!branch.startsWith(prefix)) continue;
    // Only a branch whose tip Xihe made: a person's branch that happens to match is kept.
    const { data: tip } = await octokit.rest.git.getCommit({ ...input.ref, commit_sha: object.sha });
    if (runIdsOf(tip.message).length === 0) continue;
    const out = await deleteRefLeased(octokit, {
      ref: input.ref,
      repositoryId: input.repositoryId,
      branch,
      expectedSha: object.sha,
    });
    if (out.deleted) deleted.push(branch);
    else deps.log.info({ repo: input.fullName, branch, reason: out.reason }, "kept a side branch");
  }
  if (deleted.length > 0) {
    await deps.store.addAudit({
      at: deps.now().toISOString(),
      actor: "xihe",
      action: "cleanup_side_branches",
      repo: input.fullName,
      runId: null,
      params: { pr: input.prNumber },
      result: { deleted },
    });
    deps.log.info(
      { repo: input.fullName, pr: input.prNumber, deleted },
      "deleted side branches of a closed PR",
    );
  }
  return deleted;
}
