// The App's RunStarter for POST /v1/execute: the repository's installation (the App's JWT asks
// GitHub), its config from the default branch (a PR cannot widen its rights, threat model A14), then
// the same run record a /xihe command makes (createPrRun, at the PR head current now). The token
// holder stands in for the commenter: an operator granted the token its run scope.
import type { RunStarter, StartRunResult } from "../api/run-starter.ts";
import { createPrRun } from "./create-pr-run.ts";
import { splitRepo, type GitHubClient, type RepoRef } from "./github-client.ts";
import type { HandlerDeps } from "./handler-deps.ts";
import { readRepoConfig } from "./read-repo-config.ts";

export interface ApiRunStarterDeps extends HandlerDeps {
  appOctokit: () => Promise<GitHubClient>;
  installationOctokit: (installationId: number) => Promise<GitHubClient>;
}

export function createApiRunStarter(deps: ApiRunStarterDeps): RunStarter {
  return {
    async start(request): Promise<StartRunResult> {
      const ref = splitRepo(request.repo);
      const installationId = await findInstallation(deps, ref);
      if (installationId === null)
        return {
          ok: false,
          reason: "not_installed",
          detail: `the App is not installed on ${request.repo}; install it there first`,
        };
      const octokit = await deps.installationOctokit(installationId);
      const { data: repository } = await octokit.rest.repos.get({ ...ref });
      const config = await readRepoConfig(octokit, { ...ref, defaultBranch: repository.default_branch });
      if (!config.ok) return { ok: false, reason: "config_invalid", detail: config.error.message };
      const created = await createPrRun(
        octokit,
        {
          ref,
          installationId,
          prNumber: request.pr,
          verb: request.verb,
          args: request.args,
          trigger: "api",
          requester: request.requester,
          defaultBranch: repository.default_branch,
          policyHash: config.policyHash,
        },
        deps,
      ).catch((err: unknown) => {
        if (isNotFound(err)) return null;
        throw err;
      });
      if (created === null)
        return {
          ok: false,
          reason: "pr_not_found",
          detail: `${request.repo} has no pull request #${request.pr}`,
        };
      if (created.created) return { ok: true, run: created.run, created: true };
      if ("existing" in created) return { ok: true, run: created.existing, created: false };
      return { ok: false, reason: "refused", detail: `the run was refused: ${created.refused}` };
    },
  };
}

async function findInstallation(deps: ApiRunStarterDeps, ref: RepoRef): Promise<number | null> {
  try {
    const { data } = await (await deps.appOctokit()).rest.apps.getRepoInstallation({ ...ref });
    return data.id;
  } catch (err) {
    if (isNotFound(err)) return null;
    throw err;
  }
}

const isNotFound = (err: unknown) => err instanceof Error && "status" in err && err.status === 404;
