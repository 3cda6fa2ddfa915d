// `/xihe upgrade [name]` on the App (and the `deps.schedule`): the default branch at the commit the
// run was asked for, cloned with the run token; the trusted config of the default branch; the plan
// from the registries minus the repository's `/xihe ignore` rules; each group bumped, tested and
// migrated in the sandbox (upgradeCheckout → upgradeGroup); then each group's branch pushed and its
// pull request opened or updated. The run's reply lists what became of each group.
import { join } from "node:path";
import type { Env } from "../../config.ts";
import { deliveryGit } from "../../delivery/delivery-git.ts";
import { stampRunCommits } from "../../delivery/stamp-run-commits.ts";
import type { GitIdentity } from "../../delivery/commit-identity.ts";
import { XiheError } from "../../errors.ts";
import { canWrite, getAccess } from "../../github/collaborator-permission.ts";
import { splitRepo, type GitHubClient, type RepoRef } from "../../github/github-client.ts";
import type { RunTokenSource } from "../../github/mint-run-token.ts";
import type { RunContext, RunExecutor, RunOutcome } from "../../runs/run-executor.ts";
import type { WorkspaceFactory } from "../../workspace/workspace-factory.ts";
import { prepareRunWorkspace, type RunWorkspace } from "../prepare-run-workspace.ts";
import { readTrustedConfig } from "../read-trusted-config.ts";
import { closeSupersededPulls } from "./close-superseded-pulls.ts";
import { pushUpgradeBranch } from "./push-upgrade-branch.ts";
import { upgradePrBody, upgradePrTitle, upgradeRunSummary, type GroupDelivery } from "./render-upgrade-pr.ts";
import { upgradeCheckout, type UpgradeCheckoutDeps, type UpgradeReport } from "./upgrade-checkout.ts";
import type { GroupResult } from "./upgrade-group.ts";
import type { RepoConfig } from "../../config.ts";
import { parseRunContext } from "../../runs/run-context.ts";
import { prRunContext } from "../../runs/pr-run-context.ts";

export interface UpgradeRunDeps extends UpgradeCheckoutDeps {
  env: Env;
  installationOctokit: (installationId: number) => Promise<GitHubClient>;
  runTokens: RunTokenSource;
  workspaces: WorkspaceFactory;
  hooksDir: string;
  /** The App's commit identity: upgrade commits are re-authored as it before they are pushed. */
  botIdentity: GitIdentity;
}

export function createUpgradeRunExecutor(deps: UpgradeRunDeps): RunExecutor {
  return async (ctx) => {
    const { run } = ctx;
    if (run.installationId === null)
      return { status: "failed", summary: "upgrade needs an installation", body: "" };
    const octokit = await deps.installationOctokit(run.installationId);
    const trusted = await readTrustedConfig(octokit, run);
    if (!trusted.ok) return trusted.outcome;
    // Threat model A08: the asker's write access may have gone since the command was queued.
    if (run.trigger === "comment" && !canWrite(await getAccess(octokit, splitRepo(run.repo), run.requester)))
      return {
        status: "failed",
        summary: `@${run.requester} no longer has write access; the run was not started`,
        body: "",
      };
    const prepared = await prepareRunWorkspace(deps, run);
    if ("error" in prepared) return { status: "failed", summary: prepared.error, body: "" };
    try {
      await ctx.progress("Asking the registries for newer versions…");
      let report: UpgradeReport;
      try {
        // The run's signal (/xihe stop, the API's cancel) reaches every sandboxed command, as in a fix run.
        report = await upgradeCheckout(
          { ...deps, signal: ctx.signal },
          {
            root: prepared.workspace.dir,
            config: trusted.config,
            env: deps.env,
            manager: null,
            ...upgradeArgs(run.args),
            // On the App a major is its own group and PR; `/xihe ignore <name> major` keeps it away.
            includeMajor: true,
            dryRun: false,
            useModel: true,
            trustLocal: false,
            workDir: join(deps.env.XIHE_WORK_DIR, "upgrades"),
            ignoreRules: await deps.store.listUpgradeIgnores(run.repo),
            source: "github",
            readOnlyDirs: prepared.workspace.readOnlyDirs,
            recordAs: {
              installationId: run.installationId,
              repo: run.repo,
              trigger: run.trigger,
              requester: run.requester,
              startedBy: run.workerId ?? "app",
            },
          },
        );
      } catch (err) {
        // Bad input (no manifest, a manager not in deps.managers, an unknown name, a registry that
        // fails): said as it is; nothing was pushed.
        if (err instanceof XiheError)
          return {
            status: "failed",
            summary: "upgrade did not run",
            body: `${err.message}\n\nNothing was pushed.`,
          };
        throw err;
      }
      await ctx.progress(`Pushing ${report.results.length} update group(s)…`);
      const delivered: Array<{ result: GroupResult; delivery: GroupDelivery }> = [];
      for (const result of report.results) {
        const delivery = await deliverGroup(deps, ctx, octokit, prepared, trusted.config, report, result);
        delivered.push({
          result,
          delivery: await closeSuperseded(deps, octokit, { ...prepared, repo: run.repo }, result, delivery),
        });
      }
      return outcomeOf(report, delivered);
    } finally {
      await prepared.workspace.dispose();
    }
  };
}

// `/xihe upgrade [name]`, or `--group <id>` recorded by `/xihe rebase` for its pull request's group.
function upgradeArgs(args: string): { only: string | null; group: string | null } {
  const words = args
    .trim()
    .split(/\s+/)
    .filter((w) => w !== "");
  if (words[0] === "--group") return { only: null, group: words[1] ?? null };
  return { only: words[0] ?? null, group: null };
}

function outcomeOf(
  report: UpgradeReport,
  delivered: Array<{ result: GroupResult; delivery: GroupDelivery }>,
): RunOutcome {
  const prs = delivered.filter((d) => d.delivery.kind === "opened" || d.delivery.kind === "updated").length;
  const failing = delivered.filter(
    (d) => d.result.status === "failing" || d.result.status === "not_applied",
  ).length;
  const summary =
    report.plan.groups.length === 0
      ? "no updates to make"
      : `${report.plan.groups.length} update group(s): ${prs} pull request(s) opened or updated${failing > 0 ? `, ${failing} failing` : ""}`;
  return {
    status: failing > 0 ? "failed" : "succeeded",
    summary,
    body: upgradeRunSummary(report.plan, delivered),
  };
}

async function deliverGroup(
  deps: UpgradeRunDeps,
  ctx: RunContext,
  octokit: GitHubClient,
  prepared: RunWorkspace,
  config: RepoConfig,
  report: UpgradeReport,
  result: GroupResult,
): Promise<GroupDelivery> {
  if (result.bumpCommit === null) return { kind: "skipped", why: result.reason };
  const failing = result.status === "failing";
  if (failing && config.deps.open_failing === "skip")
    return { kind: "skipped", why: "its tests fail and deps.open_failing is skip" };
  const { run } = ctx;
  const { workspace, token, cloneUrl } = prepared;
  const git = workspaceGit(deps, prepared);
  const tip = await git(["rev-parse", `refs/heads/${result.branch}`]);
  const stamped = await stampRunCommits(git, {
    base: workspace.sha,
    head: tip,
    runId: run.id,
    author: deps.botIdentity,
  });
  const pushed = await pushUpgradeBranch({
    dir: workspace.dir,
    remoteUrl: cloneUrl,
    branch: result.branch,
    sha: stamped.head,
    baseSha: workspace.sha,
    botEmail: deps.botIdentity.email,
    hooksDir: deps.hooksDir,
    token,
  });
  const ref = splitRepo(run.repo);
  const existing = await openPullOf(octokit, ref, result.branch);
  if (!pushed.pushed && pushed.reason === "taken_over") {
    if (existing && !(await saidTakenOver(octokit, ref, existing.number)))
      await octokit.rest.issues.createComment({
        ...ref,
        issue_number: existing.number,
        body: `Someone other than Xihe pushed to \`${result.branch}\` (${pushed.foreign.map((c) => `\`${c.slice(0, 12)}\``).join(", ")}), so Xihe leaves this pull request alone: it neither force-pushes nor updates it. Close it and delete the branch to let Xihe propose the upgrade again.\n\n${takenOverMark}`,
      });
    return {
      kind: "taken_over",
      number: existing?.number ?? null,
      url: existing?.html_url ?? null,
      foreign: pushed.foreign,
    };
  }
  const title = upgradePrTitle(result);
  const body = upgradePrBody(result, report.notes, run.id);
  if (existing) {
    await octokit.rest.pulls.update({ ...ref, pull_number: existing.number, title, body });
    return pushed.pushed
      ? { kind: "updated", number: existing.number, url: existing.html_url, draft: existing.draft ?? false }
      : { kind: "up_to_date", number: existing.number, url: existing.html_url };
  }
  const { defaultBranch } = parseRunContext(run, prRunContext);
  const { data } = await octokit.rest.pulls.create({
    ...ref,
    head: result.branch,
    base: defaultBranch,
    title,
    body,
    draft: failing,
    maintainer_can_modify: false,
  });
  return { kind: "opened", number: data.number, url: data.html_url, draft: failing };
}

function workspaceGit(deps: UpgradeRunDeps, { workspace, token, cloneUrl }: RunWorkspace) {
  return deliveryGit({
    dir: workspace.dir,
    hooksDir: deps.hooksDir,
    token,
    allowFileProtocol: cloneUrl.startsWith("file:"),
  });
}

/** A newer major's PR, once it exists, closes the open PRs of the package's older majors. */
async function closeSuperseded(
  deps: UpgradeRunDeps,
  octokit: GitHubClient,
  prepared: RunWorkspace & { repo: string },
  result: GroupResult,
  delivery: GroupDelivery,
): Promise<GroupDelivery> {
  if (!result.group.breaking) return delivery;
  if (delivery.kind !== "opened" && delivery.kind !== "updated" && delivery.kind !== "up_to_date")
    return delivery;
  const superseded = await closeSupersededPulls(octokit, {
    ref: splitRepo(prepared.repo),
    group: result.group,
    pull: delivery,
    git: workspaceGit(deps, prepared),
    remoteUrl: prepared.cloneUrl,
    baseSha: prepared.workspace.sha,
    botEmail: deps.botIdentity.email,
  });
  return superseded.length === 0 ? delivery : { ...delivery, superseded };
}

const takenOverMark = "<!-- xihe-upgrade taken-over -->";

// Said once per pull request: later runs (the schedule, `/xihe upgrade`) find the branch still taken
// over and stay quiet.
async function saidTakenOver(octokit: GitHubClient, ref: RepoRef, number: number): Promise<boolean> {
  const comments = await octokit.paginate(octokit.rest.issues.listComments, {
    ...ref,
    issue_number: number,
    per_page: 100,
  });
  return comments.some((c) => c.user?.type === "Bot" && (c.body ?? "").includes(takenOverMark));
}

async function openPullOf(octokit: GitHubClient, ref: RepoRef, branch: string) {
  const { data } = await octokit.rest.pulls.list({
    ...ref,
    state: "open",
    head: `${ref.owner}:${branch}`,
    per_page: 10,
  });
  return data.find((p) => p.head.ref === branch) ?? null;
}
