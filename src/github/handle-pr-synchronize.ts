// `pull_request.synchronize`, triaged in the worker: a push to a PR that has a suggestion review of an
// earlier head starts a re-verification run (verb `suggest`, trigger `push`), which tells a push
// that committed the suggestions from one that made them outdated. A PR without one costs one store
// read and no GitHub call. Fork PRs are refused by createPrRun (no automatic run of a fork's code).
import { z } from "zod";
import { suggestReviews } from "../delivery/suggest/suggest-review-record.ts";
import { createPrRun } from "./create-pr-run.ts";
import type { GitHubClient } from "./github-client.ts";
import type { TriageDeps } from "./handler-deps.ts";
import type { PullRequestSynchronizePayload } from "./payloads.ts";
import { readRepoConfig } from "./read-repo-config.ts";

export async function handlePrSynchronize(
  octokit: GitHubClient,
  payload: PullRequestSynchronizePayload,
  deps: TriageDeps,
): Promise<void> {
  if (payload.pull_request.state !== "open") return;
  const repo = payload.repository.full_name;
  const number = payload.pull_request.number;
  const reviews = await suggestReviews(deps.store, repo, number);
  if (!reviews.some((r) => r.headSha === payload.before)) return;
  const ref = { owner: payload.repository.owner.login, repo: payload.repository.name };
  const config = await readRepoConfig(octokit, { ...ref, defaultBranch: payload.repository.default_branch });
  if (!config.ok) return;
  const created = await deps.once("run", z.boolean(), async () => {
    const result = await createPrRun(
      octokit,
      {
        ref,
        installationId: payload.installation?.id ?? null,
        prNumber: number,
        verb: "suggest",
        args: "",
        trigger: "push",
        requester: payload.sender.login,
        defaultBranch: payload.repository.default_branch,
        policyHash: config.policyHash,
      },
      deps,
    );
    return result.created;
  });
  if (created) deps.wakeWorker();
}
