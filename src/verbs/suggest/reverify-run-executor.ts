// Re-verification of a suggestion review after a push to the PR branch. A push whose commits carry
// GitHub's "Commit suggestion" co-author trailer: the committed suggestions' threads are resolved,
// the commands that failed are re-run on the new head in the sandbox (recorded in the store), and
// when they still fail, one new review offers only the suggestions still open. Any other push makes
// the old review outdated (one reply says so). Each side effect is a persisted step.
import { z } from "zod";
import { deliveryGit, gitSucceeds } from "../../delivery/delivery-git.ts";
import { codeSpan, linkTarget } from "../../delivery/markdown-text.ts";
import { redactText } from "../../redact.ts";
import type { RunContext, RunExecutor, RunOutcome } from "../../runs/run-executor.ts";
import type { GitHubClient } from "../../github/github-client.ts";
import { prepareRunWorkspace } from "../prepare-run-workspace.ts";
import { readTrustedConfig } from "../read-trusted-config.ts";
import type { FixRunDeps } from "../fix/fix-run-executor.ts";
import { followPushedSuggestions, pushAppliedSuggestions } from "./follow-pushed-suggestions.ts";
import { resolveAppliedThreads, resolvedThreads } from "./resolve-applied-threads.ts";
import { rerunCommands, type RerunResult } from "./rerun-commands.ts";
import { replyOutdated } from "./reply-outdated.ts";
import { suggestReviews, type SuggestReviewRecord } from "../../delivery/suggest/suggest-review-record.ts";
import { offerRemaining } from "./offer-remaining.ts";

export type ReverifyDeps = Omit<FixRunDeps, "deliver"> & { botIdentity: { name: string; email: string } };

const rerunOutput = z.object({
  installed: z.boolean(),
  reason: z.string(),
  commands: z.array(z.object({ command: z.string(), exitCode: z.number().nullable(), passed: z.boolean() })),
});

export function createReverifyRunExecutor(deps: ReverifyDeps): RunExecutor {
  return async (ctx) => {
    const { run } = ctx;
    const octokit = await deps.installationOctokit(run.installationId!);
    const trusted = await readTrustedConfig(octokit, run);
    if (!trusted.ok) return trusted.outcome;
    const review = (await suggestReviews(deps.store, run.repo, run.pr!))
      .filter((r) => r.headSha !== run.headSha)
      .at(-1);
    if (!review) return done("no suggestion review of an earlier head to re-verify");
    const prepared = await prepareRunWorkspace(deps, run);
    if ("error" in prepared) return { status: "failed", summary: prepared.error, body: "" };
    try {
      const { workspace, token, cloneUrl } = prepared;
      const git = deliveryGit({ dir: workspace.dir, hooksDir: deps.hooksDir, token });
      // The reviewed head may not be in a fresh checkout of the new one (a force-push, a shallow mirror).
      if (!(await gitSucceeds(git, ["cat-file", "-e", `${review.headSha}^{commit}`])))
        await git(["fetch", "--no-tags", "--quiet", cloneUrl, review.headSha]).catch((err: unknown) => {
          ctx.log.warn({ err }, "the reviewed head could not be fetched; treating the push as unrelated");
          return "";
        });
      const range = { from: review.headSha, to: run.headSha };
      const applied =
        (await gitSucceeds(git, ["merge-base", "--is-ancestor", range.from, range.to])) &&
        (await pushAppliedSuggestions(git, range, deps.botIdentity));
      if (!applied) return await outdated(deps, ctx, octokit, review);
      const fates = await followPushedSuggestions(git, review, run.headSha);
      const committed = fates.flatMap((f) =>
        f.fate.state === "applied" && f.suggestion.commentId !== null ? [f.suggestion.commentId] : [],
      );
      const threads = await ctx.step(
        "suggest:resolve",
        { kind: "github", input: { committed }, output: resolvedThreads },
        () =>
          resolveAppliedThreads(
            octokit,
            { repo: run.repo, pr: run.pr!, commentIds: committed, headSha: run.headSha },
            ctx.log,
          ),
      );
      await ctx.progress("Re-running the commands that failed, on the new head…");
      const rerun = await ctx.step(
        "verify:reverify",
        { kind: "verify", input: { commands: review.commands }, output: rerunOutput },
        () =>
          rerunCommands(
            {
              store: deps.store,
              now: deps.now,
              log: ctx.log,
              fetch: deps.fetch,
              hostEnv: deps.hostEnv,
              newId: () => `${run.id}-${deps.newId()}`,
              random: deps.random,
            },
            {
              runId: run.id,
              root: workspace.dir,
              config: trusted.config,
              env: deps.env,
              readOnlyDirs: workspace.readOnlyDirs,
              commands: review.commands,
              redact: (t) => redactText(t, [token]),
            },
          ),
      );
      await deps.store.addAudit({
        at: deps.now().toISOString(),
        actor: "xihe",
        action: "suggest_reverified",
        repo: run.repo,
        runId: run.id,
        params: { key: review.key, headSha: run.headSha },
        result: { ...rerun, resolved: threads.resolved, replied: threads.replied },
      });
      const open = fates.flatMap((f) => (f.fate.state === "open" ? [f.fate.now] : []));
      const green = rerun.installed && rerun.commands.every((c) => c.passed);
      const again =
        green || open.length === 0 ? null : await offerRemaining(deps, ctx, octokit, { review, open, rerun });
      return reverified({ review, committed: committed.length, threads, rerun, again });
    } finally {
      await prepared.workspace.dispose();
    }
  };
}

async function outdated(
  deps: ReverifyDeps,
  ctx: RunContext,
  octokit: GitHubClient,
  review: SuggestReviewRecord,
): Promise<RunOutcome> {
  const { run } = ctx;
  await ctx.step(
    "github:suggest-outdated",
    { kind: "github", input: { key: review.key }, output: z.boolean() },
    () =>
      replyOutdated(octokit, deps.store, deps.now, {
        repo: run.repo,
        pr: run.pr!,
        old: review,
        newHead: run.headSha,
        newUrl: null,
      }),
  );
  return done(
    `the push did not commit Xihe's suggestions; the review of ${review.headSha.slice(0, 12)} is outdated`,
  );
}

function reverified(r: {
  review: SuggestReviewRecord;
  committed: number;
  threads: z.infer<typeof resolvedThreads>;
  rerun: RerunResult;
  again: { url: string | null; count: number } | null;
}): RunOutcome {
  const green = r.rerun.installed && r.rerun.commands.every((c) => c.passed);
  const rows = r.rerun.commands.map(
    (c) => `| ${codeSpan(c.command)} | ${c.passed ? "✅" : "❌"} exit ${c.exitCode ?? "none"} |`,
  );
  const body = [
    `Re-verified after ${r.committed} suggestion(s) were committed: ${r.threads.resolved.length} thread(s) resolved${r.threads.replied.length ? `, ${r.threads.replied.length} answered with a reply` : ""}.`,
    "",
    ...(r.rerun.installed
      ? ["| command | on the new head |", "| --- | --- |", ...rows]
      : [`The dependencies did not install: ${codeSpan(r.rerun.reason, 300)}`]),
    ...(r.again
      ? [
          "",
          `Still failing: ${r.again.count} remaining suggestion(s) in [a new review](${linkTarget(r.again.url ?? "")}).`,
        ]
      : []),
  ].join("\n");
  const summary = green
    ? "suggestions committed; the failing commands pass on the new head"
    : "suggestions committed; the commands still fail on the new head";
  return { status: green ? "succeeded" : "needs_input", summary, body };
}

function done(summary: string): RunOutcome {
  return { status: "succeeded", summary, body: `${summary[0]!.toUpperCase()}${summary.slice(1)}.` };
}
