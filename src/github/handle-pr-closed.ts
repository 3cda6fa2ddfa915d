// `pull_request.closed` (merged or not): Xihe's side branches of that PR are no longer needed and
// are deleted through the refs API. Only `xihe/fix/<pr>-*` branches whose tip carries a
// `Xihe-Run` trailer are touched.
import { runIdsOf } from "../delivery/run-commit-message.ts";
import { sideBranchPrefix } from "../delivery/side-branch-name.ts";
import type { GitHubClient, RepoRef } from "./github-client.ts";
import type { HandlerDeps } from "./handler-deps.ts";

export async function handlePrClosed(
  octokit: GitHubClient,
  input: { ref: RepoRef; fullName: string; prNumber: number; deliveryId: string },
  deps: HandlerDeps,
): Promise<string[]> {
  const fresh = await deps.store.recordDelivery({
    id: input.deliveryId,
    event: "pull_request",
    action: "closed",
    receivedAt: deps.now().toISOString(),
  });
  if (!fresh) return [];
  const prefix = sideBranchPrefix(input.prNumber);
  const { data } = await octokit.rest.git.listMatchingRefs({ ...input.ref, ref: `heads/${prefix}` });
  const deleted: string[] = [];
  for (const { ref, object } of data) {
    const branch = ref.replace(/^refs\/heads\//, "");
    if (!branch.startsWith(prefix)) continue;
    // Only a branch whose tip Xihe made: a person's branch that happens to match is kept.
    const { data: tip } = await octokit.rest.git.getCommit({ ...input.ref, commit_sha: object.sha });
    if (runIdsOf(tip.message).length === 0) continue;
    await octokit.rest.git.deleteRef({ ...input.ref, ref: `heads/${branch}` });
    deleted.push(branch);
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
