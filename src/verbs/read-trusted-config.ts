// The config a PR run may act on: `.github/xihe.yml` of the repository's default branch, read again
// when the run starts (it may have changed since the command was queued). The PR checkout's own
// file is never parsed; when it has one, the run's log says it was ignored (threat model A14).
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { RepoConfig } from "../config.ts";
import type { Logger } from "../logger.ts";
import { parseRunContext } from "../runs/run-context.ts";
import { prRunContext } from "../runs/pr-run-context.ts";
import type { RunOutcome } from "../runs/run-executor.ts";
import type { RunRecord } from "../store/store.ts";
import { splitRepo, type GitHubClient } from "../github/github-client.ts";
import { readRepoConfig, repoConfigPath } from "../github/read-repo-config.ts";
import { configErrorReply } from "../github/replies.ts";

export type TrustedConfig =
  { ok: true; config: RepoConfig; policyHash: string } | { ok: false; outcome: RunOutcome };

export async function readTrustedConfig(octokit: GitHubClient, run: RunRecord): Promise<TrustedConfig> {
  const { defaultBranch } = parseRunContext(run, prRunContext);
  const read = await readRepoConfig(octokit, { ...splitRepo(run.repo), defaultBranch });
  if (read.ok) return { ok: true, config: read.config, policyHash: read.policyHash };
  return {
    ok: false,
    outcome: {
      status: "failed",
      summary: "`.github/xihe.yml` on the default branch is invalid",
      body: configErrorReply(read.error),
    },
  };
}

/** Logs that the checkout's own config file, if it has one, played no part in the run. */
export function notePrLocalConfig(log: Pick<Logger, "warn">, checkoutDir: string, policyHash: string): void {
  if (existsSync(join(checkoutDir, repoConfigPath)))
    log.warn({ policyHash }, "PR-local config ignored: .github/xihe.yml comes from the default branch");
}
