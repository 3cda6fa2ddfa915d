// `push` to the default branch, triaged in the worker: each open upgrade PR (`xihe/deps/<group>` of
// this repository) that GitHub reports as conflicting with the new base gets a run rebuilding its
// group on it, as `/xihe rebase` would. A PR whose mergeability GitHub has not computed yet (null)
// is left for `/xihe rebase` or the next scheduled run: rebuilding every PR on every push would run
// every group's tests each time the default branch moves.
import { z } from "zod";
import { createRepoRun } from "./create-repo-run.ts";
import { splitRepo, type GitHubClient } from "./github-client.ts";
import type { TriageDeps } from "./handler-deps.ts";
import { isBot, type PushPayload } from "./payloads.ts";
import { readRepoConfig } from "./read-repo-config.ts";
import { upgradeGroupOfBranch } from "./upgrade-group-of-pull.ts";

/** Cheap and local, on the webhook path: a person's push that moved (not deleted) the default branch. */
export function movesDefaultBranch(payload: PushPayload): boolean {
  return (
    payload.ref === `refs/heads/${payload.repository.default_branch}` &&
    !payload.deleted &&
    payload.sender !== undefined &&
    !isBot(payload.sender)
  );
}

export async function handleBaseMoved(
  octokit: GitHubClient,
  payload: PushPayload,
  deps: TriageDeps,
): Promise<void> {
  if (!movesDefaultBranch(payload)) return;
  const ref = splitRepo(payload.repository.full_name);
  const defaultBranch = payload.repository.default_branch;
  const conflicting = await deps.once(
    "conflicting",
    z.array(z.object({ number: z.number(), group: z.string() })),
    async () => {
      const open = await octokit.paginate(octokit.rest.pulls.list, {
        ...ref,
        state: "open",
        base: defaultBranch,
        per_page: 100,
      });
      const found: Array<{ number: number; group: string }> = [];
      for (const pull of open) {
        const group = upgradeGroupOfBranch(pull.head.ref);
        if (group === null || pull.head.repo?.full_name !== payload.repository.full_name) continue;
        const { data } = await octokit.rest.pulls.get({ ...ref, pull_number: pull.number });
        if (data.mergeable === false) found.push({ number: pull.number, group });
      }
      return found;
    },
  );
  if (conflicting.length === 0) return;
  const config = await readRepoConfig(octokit, { ...ref, defaultBranch });
  if (!config.ok) return;
  let created = false;
  for (const { number, group } of conflicting) {
    const made = await deps.once(`run-${number}`, z.boolean(), async () => {
      const result = await createRepoRun(
        octokit,
        {
          ref,
          installationId: payload.installation?.id ?? null,
          thread: number,
          verb: "upgrade",
          args: `--group ${group}`,
          trigger: "push",
          requester: payload.sender?.login ?? "",
          defaultBranch,
          cloneUrl: payload.repository.clone_url,
          policyHash: config.policyHash,
        },
        deps,
      );
      return result.created;
    });
    created ||= made;
  }
  if (created) deps.wakeWorker();
}
