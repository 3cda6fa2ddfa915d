// A failed check run or workflow run on an open PR: per `on_failure`, do nothing, diagnose, fix, or
// fix and suggest the change in a review.
// Xihe's own check runs and its own side branches never trigger it, and automatic attempts per head
// SHA are capped, so its pushes cannot loop (threat model A36). The webhook path queues only failures
// `actionablePrs` finds a PR for; the config read and the runs happen in the worker's triage.
import { z } from "zod";
import type { RunVerb } from "../store/store.ts";
import { createPrRun } from "./create-pr-run.ts";
import type { GitHubClient, RepoRef } from "./github-client.ts";
import type { TriageDeps } from "./handler-deps.ts";
import { readRepoConfig } from "./read-repo-config.ts";
import { givingUpReply } from "./replies.ts";

export const xiheCheckName = "Xihe";
export const sideBranchPrefix = "xihe/";

export interface CheckFailure {
  event: "check_run" | "workflow_run";
  name: string;
  conclusion: string | null;
  headSha: string;
  fromXihe: boolean;
  pullRequests: { number: number; head: { sha: string; ref: string } }[];
  repo: RepoRef & { fullName: string; defaultBranch: string };
  installationId: number | null;
}

const failing = new Set(["failure", "timed_out"]);
const upgradeBotBranch = /^(dependabot|renovate)\//;
const upgradeBots = ["dependabot[bot]", "renovate[bot]"];

/** Cheap and local: the open PRs at the failed head SHA, none for a success or Xihe's own checks. */
export function actionablePrs(f: CheckFailure): CheckFailure["pullRequests"] {
  if (!failing.has(f.conclusion ?? "") || f.fromXihe || f.name === xiheCheckName) return [];
  return f.pullRequests.filter((p) => p.head.sha === f.headSha && !p.head.ref.startsWith(sideBranchPrefix));
}

export async function handleCheckFailure(
  octokit: GitHubClient,
  f: CheckFailure,
  deps: TriageDeps,
): Promise<void> {
  const prs = actionablePrs(f);
  if (prs.length === 0) return;
  const config = await readRepoConfig(octokit, f.repo);
  if (!config.ok) return;
  const maxAttempts = config.config.fix.max_attempts_per_sha;
  for (const pr of prs) {
    // `deps.fix_bot_prs`: a dependency bot's upgrade PR that breaks CI gets a fix (migration) run,
    // whatever on_failure says — the one exception to "bots never start work", and only for a PR
    // those bots opened on a branch of this repository (createPrRun refuses forks and other authors).
    const botUpgrade = config.config.deps.fix_bot_prs && upgradeBotBranch.test(pr.head.ref);
    const configured = config.config.on_failure;
    const verb: RunVerb | "off" =
      botUpgrade && (configured === "off" || configured === "diagnose") ? "fix" : configured;
    if (verb === "off") continue;
    const previous = (await deps.store.listRuns({ repo: f.repo.fullName, pr: pr.number, limit: 200 })).filter(
      (r) => r.headSha === f.headSha && r.verb === verb && r.trigger !== "comment",
    );
    if (previous.length >= maxAttempts) {
      await giveUpOnce(octokit, f, pr.number, maxAttempts, deps);
      continue;
    }
    const created = await deps.once(`run:${pr.number}`, z.boolean(), async () => {
      const result = await createPrRun(
        octokit,
        {
          ref: { owner: f.repo.owner, repo: f.repo.repo },
          installationId: f.installationId,
          prNumber: pr.number,
          verb,
          args: "",
          trigger: f.event,
          requester: xiheCheckName.toLowerCase(),
          defaultBranch: f.repo.defaultBranch,
          policyHash: config.policyHash,
          extra: { failedCheck: f.name },
          ...(botUpgrade && verb !== configured ? { authors: upgradeBots } : {}),
        },
        deps,
      );
      return result.created;
    });
    if (created) deps.wakeWorker();
  }
}

async function giveUpOnce(
  octokit: GitHubClient,
  f: CheckFailure,
  pr: number,
  attempts: number,
  deps: TriageDeps,
) {
  const marker = `gave_up:${pr}@${f.headSha}`;
  const seen = await deps.store.listAudit({ repo: f.repo.fullName, limit: 1000 });
  if (seen.some((e) => e.action === marker)) return;
  await deps.once(`give-up:${pr}`, z.boolean(), () =>
    octokit.rest.issues
      .createComment({
        owner: f.repo.owner,
        repo: f.repo.repo,
        issue_number: pr,
        body: givingUpReply(attempts, f.headSha),
      })
      .then(() => true),
  );
  await deps.store.addAudit({
    at: deps.now().toISOString(),
    actor: "xihe",
    action: marker,
    repo: f.repo.fullName,
    runId: null,
    params: { attempts },
    result: { commented: true },
  });
}
