// Delivers a verified fix of a PR run: re-stamp the loop's commits as the App, with
// `Co-authored-by:` the requester and the run trailer; push the deterministic side branch
// (pushSideBranch refuses workflow files and secrets); then open the fix PR (same repo) or give a
// compare link and patch (fork). Push and PR are persisted steps, and each also checks GitHub before
// acting, so a redelivered webhook or a resumed run repeats neither (threat model A34). With
// `fix.auto_apply_low_risk` and a fix that qualifies, the side branch goes into the PR branch instead
// of a fix PR (autoApplyFix); when it does not qualify, the comment says why and the fix PR opens.
import { deliveryGit } from "../../delivery/delivery-git.ts";
import { DeliveryRefusal } from "../../delivery/delivery-refusal.ts";
import { openFixPullRequest } from "../../delivery/open-fix-pull-request.ts";
import { pushSideBranch } from "../../delivery/push-side-branch.ts";
import { sideBranchName } from "../../delivery/side-branch-name.ts";
import { stampRunCommits } from "../../delivery/stamp-run-commits.ts";
import { z } from "zod";
import type { DeliveryGit } from "../../delivery/delivery-git.ts";
import { parseRunContext } from "../../runs/run-context.ts";
import type { RunContext } from "../../runs/run-executor.ts";
import { fixRunContext } from "./fix-run-context.ts";
import { decideAutoApply } from "../../delivery/decide-auto-apply.ts";
import { autoApplyFix } from "./auto-apply-fix.ts";
import { renderFixPrBody } from "./render-fix-pr-body.ts";
import type { DeliverFix, DeliverFixInput, DeliveryResult } from "./deliver-fix-types.ts";
import type { GitHubClient } from "../../github/github-client.ts";
import type { GitHubUrls } from "../../github/github-urls.ts";
import type { Store } from "../../store/store.ts";

export interface DeliverFixDeps {
  installationOctokit: (installationId: number) => Promise<GitHubClient>;
  hooksDir: string;
  /** The App's git identity, e.g. { name: "xihe[bot]", email: "<id>+xihe[bot]@users.noreply.github.com" }. */
  botIdentity: { name: string; email: string };
  /** github.com or the GitHub Enterprise Server: compare links and the requester's no-reply address. */
  github: Pick<GitHubUrls, "web" | "noreplyDomain">;
  now: () => Date;
  /** The audit log: a push to the PR branch without a `/xihe apply` is recorded like one. */
  store: Pick<Store, "addAudit">;
}

/** The stored output of `deliver:push`: the pushed side branch, or why it was refused. */
const pushedFix = z.object({
  branch: z.string(),
  sha: z.string().nullable(),
  commits: z.array(z.object({ sha: z.string(), summary: z.string() })),
  refusedCode: z.string().nullable(),
  refusedMessage: z.string().nullable(),
});

/** The stored output of `deliver:fix-pr`: the fix PR (same repository) or a compare link (fork). */
const deliveredPr = z.object({
  kind: z.enum(["pull_request", "compare"]),
  number: z.number().int().nullable(),
  url: z.string().nullable(),
  compareUrl: z.string().nullable(),
  patch: z.string().nullable(),
});

export function createDeliverFix(deps: DeliverFixDeps): DeliverFix {
  return async (ctx, input) => {
    const { run } = ctx;
    const branch = sideBranchName(run.pr!, run.id);
    const git = deliveryGit({ dir: input.workspaceDir, hooksDir: deps.hooksDir, token: input.token });
    const pushed = await pushFix(deps, ctx, { input, git, branch });
    if (pushed.sha === null)
      return {
        branch,
        pushedSha: null,
        fixPr: null,
        compareUrl: null,
        patch: null,
        commits: [],
        refused: {
          code: pushed.refusedCode ?? "refused",
          message: pushed.refusedMessage ?? "the fix was not pushed",
        },
        autoApply: null,
      };
    const fixSha = pushed.sha;
    const autoApply = await maybeAutoApply(deps, ctx, { input, branch, fixSha });
    if (autoApply?.applied) {
      // The PR branch now has the fix: a fix PR would have no commits. `fixRunId` makes this run its
      // own apply run for `/xihe undo`.
      await ctx.remember({ sideBranch: branch, fixSha, fixPrNumber: null, fixRunId: run.id });
      const applied: DeliveryResult = {
        branch,
        pushedSha: fixSha,
        fixPr: null,
        compareUrl: null,
        patch: null,
        commits: pushed.commits,
        refused: null,
        autoApply,
      };
      return applied;
    }
    const delivered = await openFixPr(deps, ctx, { input, git, branch, fixSha });
    const result: DeliveryResult = {
      branch,
      pushedSha: fixSha,
      fixPr:
        delivered.number !== null && delivered.url !== null
          ? { number: delivered.number, url: delivered.url }
          : null,
      compareUrl: delivered.compareUrl,
      patch: delivered.patch,
      commits: pushed.commits,
      refused: null,
      autoApply,
    };
    await ctx.remember({ sideBranch: branch, fixSha, fixPrNumber: result.fixPr?.number ?? null });
    return result;
  };
}

interface Delivering {
  input: DeliverFixInput;
  git: DeliveryGit;
  branch: string;
}

// Scan, stamp and push are one step: once it succeeded, a resumed run (in a fresh workspace that
// no longer has the loop's commits) goes straight to the PR step.
function pushFix(deps: DeliverFixDeps, ctx: RunContext, { input, git, branch }: Delivering) {
  const { run } = ctx;
  const base = input.outcome.baseCommit;
  const coAuthor =
    run.trigger === "comment" || run.trigger === "label"
      ? { login: run.requester, noreplyDomain: deps.github.noreplyDomain }
      : undefined;
  return ctx.step("deliver:push", { kind: "push", input: { branch }, output: pushedFix }, async () => {
    const loopHead = (await git(["rev-parse", "--verify", `${input.outcome.branch}^{commit}`])).trim();
    const stamped = await stampRunCommits(git, {
      base,
      head: loopHead,
      runId: run.id,
      author: deps.botIdentity,
      coAuthor,
    });
    await ctx.progress(`Pushing the fix to \`${branch}\`…`);
    // pushSideBranch scans base..head first: workflow files and secrets are refused, never pushed.
    const result = await pushSideBranch({
      dir: input.workspaceDir,
      remoteUrl: input.cloneUrl,
      branch,
      sha: stamped.head,
      baseSha: base,
      runId: run.id,
      hooksDir: deps.hooksDir,
      token: input.token,
    }).catch((err: unknown) => {
      if (err instanceof DeliveryRefusal) return err;
      throw err;
    });
    if (result instanceof DeliveryRefusal)
      return { branch, sha: null, commits: [], refusedCode: result.code, refusedMessage: result.message };
    const summaries = new Map(input.outcome.commits.map((c) => [c.sha, c.summary]));
    const commits = stamped.commits.map((c) => ({ sha: c.to, summary: summaries.get(c.from) ?? "" }));
    return { branch: result.branch, sha: result.sha, commits, refusedCode: null, refusedMessage: null };
  });
}

async function openFixPr(
  deps: DeliverFixDeps,
  ctx: RunContext,
  { input, git, branch, fixSha }: Delivering & { fixSha: string },
) {
  const { run } = ctx;
  const pr = run.pr!;
  const { headRef, isFork } = parseRunContext(run, fixRunContext);
  const octokit = await deps.installationOctokit(run.installationId!);
  return ctx.step(
    "deliver:fix-pr",
    { kind: "pull_request", input: { branch }, output: deliveredPr },
    async () => {
      const d = await openFixPullRequest(octokit, {
        repo: run.repo,
        webUrl: deps.github.web,
        headRef,
        isFork,
        sideBranch: branch,
        title: `xihe: fix failing checks of #${pr}`,
        body: renderFixPrBody(pr, run.id, input.outcome.reason),
        patch: { git, base: input.outcome.baseCommit, head: fixSha },
      });
      return d.kind === "pull_request"
        ? { kind: d.kind, number: d.number, url: d.url, compareUrl: null, patch: null }
        : { kind: d.kind, number: null, url: null, compareUrl: d.compareUrl, patch: d.patch.text };
    },
  );
}

// `fix.auto_apply_low_risk`: null when the key is off; otherwise the push to the PR branch, or why not.
async function maybeAutoApply(
  deps: DeliverFixDeps,
  ctx: RunContext,
  { input, branch, fixSha }: { input: DeliverFixInput; branch: string; fixSha: string },
) {
  const { run } = ctx;
  const context = parseRunContext(run, fixRunContext);
  const decision = decideAutoApply({
    enabled: input.config.fix.auto_apply_low_risk,
    isFork: context.isFork,
    heldStep: input.outcome.heldStep,
    verified: input.outcome.status === "done" && input.outcome.verdict?.green === true,
    change: input.change,
  });
  if (!decision) return null;
  return autoApplyFix(ctx, {
    decision,
    workspaceDir: input.workspaceDir,
    hooksDir: deps.hooksDir,
    token: input.token,
    cloneUrl: input.cloneUrl,
    headRef: context.headRef,
    sideBranch: branch,
    sideSha: fixSha,
    author: deps.botIdentity,
    now: deps.now,
    store: deps.store,
  });
}
