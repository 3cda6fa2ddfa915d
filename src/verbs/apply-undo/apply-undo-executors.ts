// `/xihe apply` and `/xihe undo` as runs: re-authorise the asker, find the fix run they refer to,
// then bring its side branch into the PR head branch, or revert exactly its commits with new commits.
// The push is a persisted step and the delivery functions recognise work already done, so a retry
// never applies or reverts twice. Both are written to the audit log.
import { applyFix } from "../../delivery/apply-fix.ts";
import { chooseApplyTarget } from "../../delivery/choose-apply-target.ts";
import { closeFixPullRequest } from "../../delivery/close-fix-pull-request.ts";
import { DeliveryRefusal } from "../../delivery/delivery-refusal.ts";
import { undoFix } from "../../delivery/undo-fix.ts";
import { parseRunContext } from "../../runs/run-context.ts";
import { fixRunContext } from "../fix/fix-run-context.ts";
import { applyRunContext, undoRunContext } from "./apply-undo-run-context.ts";
import { applyPushResult, undoPushResult } from "./push-results.ts";
import type { RunContext, RunExecutor, RunOutcome } from "../../runs/run-executor.ts";
import type { Json, RunRecord, Store } from "../../store/store.ts";
import type { WorkspaceFactory } from "../../workspace/workspace-factory.ts";
import { canWrite, getAccess } from "../../github/collaborator-permission.ts";
import type { RunTokenSource } from "../../github/mint-run-token.ts";
import { splitRepo, type GitHubClient } from "../../github/github-client.ts";
import { prepareRunWorkspace } from "../prepare-run-workspace.ts";
import { readRepoConfig } from "../../github/read-repo-config.ts";

export interface ApplyUndoDeps {
  store: Store;
  now: () => Date;
  installationOctokit: (installationId: number) => Promise<GitHubClient>;
  runTokens: RunTokenSource;
  workspaces: WorkspaceFactory;
  botIdentity: { name: string; email: string };
}

export function createApplyRunExecutor(deps: ApplyUndoDeps): RunExecutor {
  return (ctx) =>
    withWorkspace(deps, ctx, async ({ run, dir, token, octokit }) => {
      const context = parseRunContext(run, applyRunContext);
      // A suggestion run puts what suggestions cannot carry on a side branch the same way.
      const fix = await latestRun(deps.store, run, ["fix", "suggest"], (r) => deliveredFix(r) !== null);
      const delivered = fix ? deliveredFix(fix) : null;
      if (!fix || !delivered)
        return failed(
          "there is no verified Xihe fix on this pull request to apply; comment `/xihe fix` first",
        );
      const ref = splitRepo(run.repo);
      const config = await readRepoConfig(octokit, {
        ...ref,
        defaultBranch: context.defaultBranch,
      });
      const target = chooseApplyTarget(
        {
          isFork: context.isFork,
          maintainerCanModify: context.maintainerCanModify,
          headCloneUrl: context.headCloneUrl ?? "",
          baseCloneUrl: context.cloneUrl ?? "",
        },
        { allowForkPush: config.ok && config.config.fix.allow_fork_push },
      );
      if (!target.allowed) return failed(target.message);
      const result = await ctx.step(
        "apply:push",
        { kind: "push", input: { fixRunId: fix.id }, output: applyPushResult },
        () =>
          applyFix({
            dir,
            hooksDir: deps.workspaces.hooksDir,
            token,
            headRemoteUrl: target.headRemoteUrl,
            sideRemoteUrl: context.cloneUrl ?? "",
            headRef: context.headRef,
            sideBranch: delivered.sideBranch,
            sideSha: delivered.fixSha,
            fixBaseSha: fix.headSha,
            approvedSha: run.headSha,
            fixRunId: fix.id,
            applyRunId: run.id,
            author: deps.botIdentity,
            now: deps.now,
          }),
      );
      await ctx.remember({ fixRunId: fix.id });
      await audit(deps, run, "apply", { fixRunId: fix.id }, result);
      const summary = result.applied
        ? `applied the fix of run ${fix.id} (${result.method}): ${result.before.slice(0, 12)} → ${result.after.slice(0, 12)}`
        : `the fix of run ${fix.id} is already on the branch`;
      return {
        status: "succeeded",
        summary,
        body: `${summary}\n\nComment \`/xihe undo\` to revert it with new commits.`,
      };
    });
}

export function createUndoRunExecutor(deps: ApplyUndoDeps): RunExecutor {
  return (ctx) =>
    withWorkspace(deps, ctx, async ({ run, dir, token, octokit }) => {
      const context = parseRunContext(run, undoRunContext);
      // A fix run that applied itself (`fix.auto_apply_low_risk`) remembers its own id as fixRunId.
      const applied = (r: RunRecord) =>
        parseRunContext(r, r.verb === "fix" ? fixRunContext : applyRunContext).fixRunId;
      const apply = await latestRun(deps.store, run, ["apply", "fix"], (r) => applied(r) !== undefined);
      const fixRunId = apply ? applied(apply) : undefined;
      if (fixRunId === undefined) return failed("no applied Xihe fix on this pull request to undo");
      const headRemoteUrl = context.isFork ? context.headCloneUrl : context.cloneUrl;
      const result = await ctx.step(
        "undo:push",
        { kind: "push", input: { fixRunId }, output: undoPushResult },
        () =>
          undoFix({
            dir,
            hooksDir: deps.workspaces.hooksDir,
            token,
            headRemoteUrl: headRemoteUrl ?? "",
            headRef: context.headRef,
            fixRunId,
            undoRunId: run.id,
            author: deps.botIdentity,
            now: deps.now,
          }),
      );
      await audit(deps, run, "undo", { fixRunId }, result);
      // The fix PR is no longer wanted once its change is reverted (a merged one is left as it is).
      const fix = await deps.store.getRun(fixRunId);
      const fixPr = fix ? parseRunContext(fix, fixRunContext).fixPrNumber : null;
      if (fixPr !== null)
        await closeFixPullRequest(octokit, {
          repo: run.repo,
          number: fixPr,
          note: `Reverted by \`/xihe undo\` (run \`${run.id}\`).`,
        });
      const summary = result.undone
        ? `reverted ${result.reverted.length} commit(s) of run ${fixRunId}: ${result.before.slice(0, 12)} → ${result.after.slice(0, 12)}`
        : `the fix of run ${fixRunId} was already reverted`;
      return { status: "succeeded", summary, body: "" };
    });
}

interface Prepared {
  run: RunRecord;
  dir: string;
  token: string;
  octokit: GitHubClient;
}

async function withWorkspace(
  deps: ApplyUndoDeps,
  ctx: RunContext,
  work: (p: Prepared) => Promise<RunOutcome>,
): Promise<RunOutcome> {
  const { run } = ctx;
  if (run.pr === null || run.installationId === null) return failed("apply and undo need a pull request");
  const ref = splitRepo(run.repo);
  const octokit = await deps.installationOctokit(run.installationId);
  if (!canWrite(await getAccess(octokit, ref, run.requester)))
    return failed(`@${run.requester} no longer has write access; nothing was changed`);
  const prepared = await prepareRunWorkspace(deps, run);
  if ("error" in prepared) return failed(prepared.error);
  const { workspace, token } = prepared;
  try {
    return await work({ run, dir: workspace.dir, token, octokit });
  } catch (err) {
    if (err instanceof DeliveryRefusal) return failed(err.message);
    throw err;
  } finally {
    await workspace.dispose();
  }
}

/** The side branch a fix run delivered, or null when it delivered none. */
function deliveredFix(fix: RunRecord): { sideBranch: string; fixSha: string } | null {
  const { sideBranch, fixSha } = parseRunContext(fix, fixRunContext);
  return fixSha === undefined ? null : { sideBranch: sideBranch ?? "", fixSha };
}

async function latestRun(
  store: Store,
  run: RunRecord,
  verbs: readonly ("fix" | "suggest" | "apply")[],
  usable: (r: RunRecord) => boolean,
) {
  const runs = await store.listRuns({
    repo: run.repo,
    pr: run.pr ?? undefined,
    status: ["succeeded"],
    limit: 50,
  });
  return runs.find((r) => verbs.some((v) => v === r.verb) && r.id !== run.id && usable(r)) ?? null;
}

async function audit(deps: ApplyUndoDeps, run: RunRecord, action: string, params: Json, result: Json) {
  await deps.store.addAudit({
    at: deps.now().toISOString(),
    actor: run.requester,
    action,
    repo: run.repo,
    runId: run.id,
    params,
    result,
  });
}

function failed(summary: string): RunOutcome {
  return { status: "failed", summary, body: "" };
}
