// Visible progress of a run on GitHub: one sticky status comment (found again by its marker) and a
// "Xihe" check run on the head SHA, in_progress -> completed. Creating either is a persisted step, and
// before creating, the reporter looks for the one a crashed attempt may already have made: the
// comment by its marker, the check run (on a step's second attempt) by its external_id, the run id.
import { escapeInline, plainText } from "../delivery/markdown-text.ts";
import type { RunContext, RunReporter } from "../runs/run-executor.ts";
import type { RunRecord } from "../store/store.ts";
import { z } from "zod";
import { parseRunContext } from "../runs/run-context.ts";
import { xiheCheckName } from "./handle-check-failure.ts";
import type { GitHubClient } from "./github-client.ts";
import { splitRepo } from "./github-client.ts";
import { renderStatusComment, statusMarker, type DisplayStatus } from "./render-status-comment.ts";

type Finished = Parameters<RunReporter["finished"]>[1];

/** What the reporter remembers in a run's context (handle-comment.ts links the status comment). */
export const reporterContext = z.object({
  statusCommentId: z.number().int().optional(),
  statusUrl: z.string().optional(),
  checkRunId: z.number().int().optional(),
});
const statusComment = z.object({ id: z.number().int(), url: z.string() });
const checkRun = z.object({ id: z.number().int() });

const conclusionOf: Record<Finished["status"], "success" | "failure" | "action_required" | "cancelled"> = {
  succeeded: "success",
  failed: "failure",
  needs_input: "action_required",
  cancelled: "cancelled",
};

export function createGitHubReporter(
  getOctokit: () => Promise<GitHubClient>,
  now: () => Date,
  /** A signed link to the run's trace page, when the server has a public URL; else null. */
  traceUrl: (runId: string) => string | null = () => null,
): RunReporter {
  async function commentId(ctx: RunContext): Promise<number> {
    const out = await ctx.step(
      "github:status-comment",
      { kind: "comment", input: null, output: statusComment },
      async () => openStatusComment(await getOctokit(), ctx.run),
    );
    await ctx.remember({ statusCommentId: out.id, statusUrl: out.url });
    return out.id;
  }

  async function updateComment(ctx: RunContext, status: DisplayStatus, line: string, body?: string) {
    const id = parseRunContext(ctx.run, reporterContext).statusCommentId ?? (await commentId(ctx));
    const octokit = await getOctokit();
    await octokit.rest.issues.updateComment({
      ...splitRepo(ctx.run.repo),
      comment_id: id,
      body: renderStatusComment(ctx.run, { status, line, body, traceUrl: traceUrl(ctx.run.id) }),
    });
  }

  return {
    async started(ctx) {
      if (ctx.run.pr === null) return;
      await commentId(ctx);
      // An upgrade works on the default branch, not on the thread's code: no check run on its head.
      if (ctx.run.verb === "upgrade") return;
      const check = await ctx.step(
        "github:check-run",
        { kind: "check_run", input: null, output: checkRun },
        async (attempt) => {
          const octokit = await getOctokit();
          const earlier = attempt?.again ? await findCheckRun(octokit, ctx.run) : null;
          return earlier ?? createCheckRun(octokit, ctx.run, now());
        },
      );
      await ctx.remember({ checkRunId: check.id });
    },
    async progress(ctx, text) {
      if (ctx.run.pr === null) return;
      await updateComment(ctx, "running", text);
    },
    async finished(ctx, outcome) {
      if (ctx.run.pr === null) return;
      // The comment and the check run are two views of one outcome: a failure of one must not keep
      // the other in progress, so the check run completes first and the comment's error comes after.
      const commentUpdate = updateComment(ctx, outcome.status, outcome.summary, outcome.body).then(
        () => null,
        (err: unknown) => err,
      );
      const { checkRunId } = parseRunContext(ctx.run, reporterContext);
      if (checkRunId === undefined) {
        const failure = await commentUpdate;
        if (failure) throw failure;
        return;
      }
      await ctx.step(
        "github:check-run:completed",
        { kind: "check_run", input: null, output: checkRun },
        async () =>
          completeCheckRun(await getOctokit(), { run: ctx.run, checkRunId, outcome, completedAt: now() }),
      );
      const failure = await commentUpdate;
      if (failure) throw failure;
    },
  };
}

/** The run's status comment: the one a crashed attempt left (found by its marker), or a new one. */
async function openStatusComment(
  octokit: GitHubClient,
  run: RunRecord,
): Promise<{ id: number; url: string }> {
  const ref = splitRepo(run.repo);
  const issue_number = run.pr!;
  const found = await findMarkedComment(octokit, ref, issue_number, statusMarker(run.id));
  const body = renderStatusComment(run, { status: "running", line: "Started." });
  const comment = found ?? (await octokit.rest.issues.createComment({ ...ref, issue_number, body })).data;
  return { id: comment.id, url: comment.html_url };
}

async function createCheckRun(
  octokit: GitHubClient,
  run: RunRecord,
  startedAt: Date,
): Promise<{ id: number }> {
  const { data } = await octokit.rest.checks.create({
    ...splitRepo(run.repo),
    name: xiheCheckName,
    head_sha: run.headSha,
    status: "in_progress",
    external_id: run.id,
    started_at: startedAt.toISOString(),
    output: { title: `Xihe ${run.verb} is running`, summary: `Run \`${run.id}\` started.` },
  });
  return { id: data.id };
}

/** The check run an interrupted attempt created (GitHub answered, the step's end was not stored). */
async function findCheckRun(octokit: GitHubClient, run: RunRecord): Promise<{ id: number } | null> {
  const { data } = await octokit.rest.checks.listForRef({
    ...splitRepo(run.repo),
    ref: run.headSha,
    check_name: xiheCheckName,
    filter: "all",
    per_page: 100,
  });
  const found = (data.check_runs ?? []).find((c) => c.external_id === run.id);
  return found ? { id: found.id } : null;
}

async function completeCheckRun(
  octokit: GitHubClient,
  done: { run: RunRecord; checkRunId: number; outcome: Finished; completedAt: Date },
): Promise<{ id: number }> {
  const { outcome, checkRunId } = done;
  await octokit.rest.checks.update({
    ...splitRepo(done.run.repo),
    check_run_id: checkRunId,
    status: "completed",
    conclusion: conclusionOf[outcome.status],
    completed_at: done.completedAt.toISOString(),
    output: checkRunOutput(outcome),
  });
  return { id: checkRunId };
}

/** The check run's text: untrusted text made plain or escaped, cut to GitHub's limits. */
function checkRunOutput(outcome: Finished) {
  const annotations = "annotations" in outcome ? (outcome.annotations ?? []) : [];
  return {
    title: plainText(outcome.summary, 250),
    summary: (outcome.body || escapeInline(outcome.summary, 1000)).slice(0, 60_000),
    annotations: annotations.slice(0, 50).map((a) => ({
      path: a.path,
      start_line: a.line,
      end_line: a.line,
      annotation_level: a.level,
      message: plainText(a.message, 4000),
    })),
  };
}

async function findMarkedComment(
  octokit: GitHubClient,
  ref: { owner: string; repo: string },
  issue_number: number,
  marker: string,
): Promise<{ id: number; html_url: string } | null> {
  const comments = await octokit.paginate(octokit.rest.issues.listComments, {
    ...ref,
    issue_number,
    per_page: 100,
  });
  const mine = comments.find((c) => (c.body ?? "").includes(marker) && (c.user?.type === "Bot" || !c.user));
  return mine ? { id: mine.id, html_url: mine.html_url } : null;
}
