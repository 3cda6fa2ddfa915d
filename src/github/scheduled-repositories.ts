// The GitHub side of the upgrade scheduler: every repository of every installation whose
// default-branch `.github/xihe.yml` sets `deps.schedule`, and the run a due one gets.
import type { ScheduledRepo } from "../runs/upgrade-scheduler.ts";
import type { Store } from "../store/store.ts";
import { createRepoRun } from "./create-repo-run.ts";
import { splitRepo, type GitHubClient } from "./github-client.ts";
import type { GitHubUrls } from "./github-urls.ts";
import { readRepoConfig } from "./read-repo-config.ts";

export interface ScheduledRepositoriesDeps {
  appOctokit: () => Promise<GitHubClient>;
  installationOctokit: (installationId: number) => Promise<GitHubClient>;
}

export async function listScheduledRepositories(deps: ScheduledRepositoriesDeps): Promise<ScheduledRepo[]> {
  const app = await deps.appOctokit();
  const installations = await app.paginate(app.rest.apps.listInstallations, { per_page: 100 });
  const scheduled: ScheduledRepo[] = [];
  for (const installation of installations) {
    const octokit = await deps.installationOctokit(installation.id);
    const repos = await octokit.paginate(octokit.rest.apps.listReposAccessibleToInstallation, {
      per_page: 100,
    });
    for (const repo of repos) {
      if (repo.archived) continue;
      const ref = { owner: repo.owner.login, repo: repo.name, defaultBranch: repo.default_branch };
      const read = await readRepoConfig(octokit, ref);
      if (!read.ok || read.config.deps.schedule === "off") continue;
      scheduled.push({
        installationId: installation.id,
        repo: repo.full_name,
        defaultBranch: repo.default_branch,
        schedule: read.config.deps.schedule,
        timezone: read.config.deps.timezone,
      });
    }
  }
  return scheduled;
}

/** Queues the scheduled upgrade run of `r` (no thread: a scheduled run answers in its PRs only). */
export async function queueScheduledUpgrade(
  deps: ScheduledRepositoriesDeps & {
    store: Store;
    now: () => Date;
    newRunId: () => string;
    github: GitHubUrls;
  },
  r: ScheduledRepo,
): Promise<void> {
  await createRepoRun(
    await deps.installationOctokit(r.installationId),
    {
      ref: splitRepo(r.repo),
      installationId: r.installationId,
      thread: null,
      verb: "upgrade",
      args: "",
      trigger: "schedule",
      requester: "schedule",
      defaultBranch: r.defaultBranch,
    },
    deps,
  );
}
