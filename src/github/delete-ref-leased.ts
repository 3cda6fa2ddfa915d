// Deletes a branch only if it still points at the commit the caller checked: a SHA lease, so a
// push between the check and the delete is never thrown away. The REST refs API (DELETE
// /git/refs/{ref}) takes no expected SHA; GraphQL `updateRefs` does (`beforeOid`), and GitHub
// applies it atomically, like `git push --force-with-lease=<ref>:<sha> :<ref>` but without a
// clone, a scratch repository or a token on a git command line in the triage.
import type { GitHubClient, RepoRef } from "./github-client.ts";

const zeroOid = "0".repeat(40);

const updateRefsMutation = `mutation($repositoryId: ID!, $refUpdates: [RefUpdate!]!) {
  updateRefs(input: { repositoryId: $repositoryId, refUpdates: $refUpdates }) { clientMutationId }
}`;

export type LeasedDelete = { deleted: true } | { deleted: false; reason: string };

export async function deleteRefLeased(
  octokit: GitHubClient,
  input: { ref: RepoRef; repositoryId: string; branch: string; expectedSha: string },
): Promise<LeasedDelete> {
  const name = `refs/heads/${input.branch}`;
  try {
    await octokit.graphql(updateRefsMutation, {
      repositoryId: input.repositoryId,
      refUpdates: [{ name, beforeOid: input.expectedSha, afterOid: zeroOid }],
    });
    return { deleted: true };
  } catch (err) {
    // GitHub's wording for a failed lease is not documented: read the branch again and only treat
    // the error as the lease when the branch really moved or is gone; anything else is retried.
    const now = await currentSha(octokit, input.ref, input.branch);
    if (now === input.expectedSha) throw err;
    return {
      deleted: false,
      reason: now === null ? "it was already deleted" : `it moved to ${now} after it was checked`,
    };
  }
}

async function currentSha(octokit: GitHubClient, ref: RepoRef, branch: string): Promise<string | null> {
  try {
    const { data } = await octokit.rest.git.getRef({ ...ref, ref: `heads/${branch}` });
    return data.object.sha;
  } catch (err) {
    if (err instanceof Error && "status" in err && err.status === 404) return null;
    throw err;
  }
}
