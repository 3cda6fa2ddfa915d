// `/xihe explain [path or symbol]` on a pull request: check out the PR head, diff it against the
// merge base with the PR's base branch, explain each changed symbol from the code index (and the
// model, when one is configured), and post ONE review whose line comments carry the explanations.
import { openRepoIndex } from "../../understanding/index/open-repo-index.ts";
import { codeSpan, escapeInline, linkTarget } from "../../delivery/markdown-text.ts";
import { parseRunContext } from "../../runs/run-context.ts";
import { explainRunContext } from "./explain-run-context.ts";
import type { RunContext, RunExecutor, RunOutcome } from "../../runs/run-executor.ts";
import type { CompleteText } from "../../understanding/ask/answer-question.ts";
import { explainDiff } from "../../understanding/explain/explain-diff.ts";
import { stripInvisible } from "../../workspace/strip-invisible.ts";
import type { WorkspaceFactory } from "../../workspace/workspace-factory.ts";
import { postExplainReview, postedReview } from "./post-explain-review.ts";
import { splitRepo, type GitHubClient } from "../../github/github-client.ts";
import type { RunTokenSource } from "../../github/mint-run-token.ts";
import { prMergeBase } from "./pr-merge-base.ts";
import { notePrLocalConfig, readTrustedConfig } from "../read-trusted-config.ts";
import { renderExplainReview } from "./render-explain-review.ts";

export interface ExplainRunDeps {
  runTokens: RunTokenSource;
  installationOctokit: (installationId: number) => Promise<GitHubClient>;
  workspaces: WorkspaceFactory;
  /** The configured model as a text completion, or null (then: rule-built sentences). */
  complete: CompleteText | null;
}

export function createExplainRunExecutor(deps: ExplainRunDeps): RunExecutor {
  return async (ctx) => {
    const { run } = ctx;
    if (run.pr === null || run.installationId === null)
      return { status: "failed", summary: "explain needs a pull request and an installation", body: "" };
    const pr = run.pr;
    const focus = stripInvisible(run.args).text.trim();
    const ref = splitRepo(run.repo);
    const octokit = await deps.installationOctokit(run.installationId);
    const trusted = await readTrustedConfig(octokit, run);
    if (!trusted.ok) return trusted.outcome;
    const context = parseRunContext(run, explainRunContext);
    const baseRef =
      context.baseRef ?? (await octokit.rest.pulls.get({ ...ref, pull_number: pr })).data.base.ref;
    const token = await deps.runTokens({
      installationId: run.installationId,
      repositoryName: ref.repo,
    });
    const cloneUrl = context.cloneUrl ?? "";
    const workspace = await deps.workspaces.prepareWorkspace({
      cloneUrl,
      sha: run.headSha,
      prNumber: context.isFork ? pr : undefined,
      token: token.token,
    });
    try {
      await ctx.progress("Indexing the pull request's code and reading its diff…");
      const base = await prMergeBase({
        dir: workspace.dir,
        baseRef,
        cloneUrl,
        token: token.token,
        hooksDir: deps.workspaces.hooksDir,
      });
      notePrLocalConfig(ctx.log, workspace.dir, trusted.policyHash);
      const repo = await openRepoIndex(workspace.dir, ".", trusted.config);
      const explanation = await explainDiff({
        root: workspace.dir,
        base,
        index: repo.index,
        focus: focus || undefined,
        complete: deps.complete,
        onModelError: (err, symbol) => ctx.log.warn({ err, symbol }, "explain: model call failed"),
      });
      if (explanation.symbols.length === 0)
        return nothingChanged(explanation, { focus, base, head: run.headSha });
      return await postReview(ctx, octokit, { explanation, base, focus });
    } finally {
      await workspace.dispose();
    }
  };
}

type Explanation = Awaited<ReturnType<typeof explainDiff>>;

function nothingChanged(
  explanation: Explanation,
  { focus, base, head }: { focus: string; base: string; head: string },
): RunOutcome {
  const what = focus ? ` matching ${codeSpan(focus)}` : "";
  const files = explanation.files.map((f) => `- ${codeSpan(f.path)} ${f.status}`).join("\n");
  return {
    status: "succeeded",
    summary: `no changed function or class${focus ? " matches the focus" : ""}; no review posted`,
    body: `No function, class or other symbol changed${what} between ${codeSpan(base.slice(0, 12))} and ${codeSpan(head.slice(0, 12))}.\n\n${files}`,
  };
}

// One review per run: a step, and postExplainReview finds a review the run already posted.
async function postReview(
  ctx: RunContext,
  octokit: GitHubClient,
  { explanation, base, focus }: { explanation: Explanation; base: string; focus: string },
): Promise<RunOutcome> {
  const { run } = ctx;
  const review = renderExplainReview(
    run.id,
    explanation,
    explanation.symbols.some((s) => s.explainedBy === "model"),
  );
  await ctx.progress("Posting the review…");
  const posted = await ctx.step(
    "github:explain-review",
    { kind: "github", input: { headSha: run.headSha, base }, output: postedReview },
    () =>
      postExplainReview(octokit, {
        ...splitRepo(run.repo),
        pullNumber: run.pr ?? 0,
        runId: run.id,
        headSha: run.headSha,
        review,
      }),
  );
  const link = posted.url ? `[the review](${linkTarget(posted.url)})` : "the review";
  return {
    status: "succeeded",
    summary: `explained ${explanation.symbols.length} changed symbol(s) in one review`,
    body: `Explained ${explanation.symbols.length} changed symbol(s) in ${link} (${posted.comments} line comment(s)).${
      focus ? ` Focus: ${escapeInline(focus, 200)}.` : ""
    }`,
  };
}
