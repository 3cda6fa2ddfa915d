// Delivers a verified fix as suggested changes: the fix's hunks that GitHub can take become line
// comments with ```suggestion blocks in ONE review (event COMMENT); the rest (outside the PR's diff,
// new/deleted/binary files, too large, flagged by the test-weakening guard) go to the side branch
// exactly as a fix run delivers them, and the review links it. The same secret and workflow-file
// scan as a push runs first: what delivery would not push is not posted either. Exactly once per
// (PR head, failing checks): a persisted step, the review's marker, and the store's record.
import { z } from "zod";
import { deliveryGit } from "../../delivery/delivery-git.ts";
import { DeliveryRefusal } from "../../delivery/delivery-refusal.ts";
import { checkDiffBeforePush } from "../../delivery/scan-diff.ts";
import { placeSuggestions, type Placement } from "../../delivery/suggest/place-suggestions.ts";
import { readFixFiles } from "../../delivery/suggest/read-fix-files.ts";
import { renderSuggestionReview } from "../../delivery/suggest/render-suggestion-review.ts";
import { suggestReviewKey } from "../../delivery/suggest/suggest-review-key.ts";
import { splitRepo, type GitHubClient } from "../../github/github-client.ts";
import type { RunContext } from "../../runs/run-executor.ts";
import type { Store } from "../../store/store.ts";
import { createDeliverFix, type DeliverFixDeps } from "../fix/deliver-fix.ts";
import type { DeliverFix, DeliverFixInput, DeliveryResult } from "../fix/deliver-fix-types.ts";
import { postSuggestionReview, postedSuggestionReview, withCommentIds } from "./post-suggestion-review.ts";
import { recordSuggestReview, suggestReviews } from "../../delivery/suggest/suggest-review-record.ts";
import { replyOutdated } from "./reply-outdated.ts";
import { whyOfSuggestion } from "./why-of-suggestion.ts";

/** Longest suggestion (replaced or suggested lines) worth one review comment. */
const maxSuggestionLines = 60;

const storedPlacement = z.object({
  suggestions: z.array(
    z.object({ path: z.string(), startLine: z.number(), line: z.number(), content: z.array(z.string()) }),
  ),
  leftOut: z.array(
    z.object({
      path: z.string(),
      line: z.number().nullable(),
      reason: z.enum([
        "outside_diff",
        "no_diff_shown",
        "new_file",
        "deleted_file",
        "binary",
        "too_large",
        "invisible_characters",
        "test_weakening",
      ]),
    }),
  ),
  refusedCode: z.string().nullable(),
  refusedMessage: z.string().nullable(),
});

export type DeliverSuggestionsDeps = DeliverFixDeps & { store: Pick<Store, "addAudit" | "listAudit"> };

export function createDeliverSuggestions(deps: DeliverSuggestionsDeps): DeliverFix {
  const toSideBranch = createDeliverFix(deps);
  return async (ctx, input) => {
    const { run } = ctx;
    const octokit = await deps.installationOctokit(run.installationId!);
    const placed = await ctx.step(
      "suggest:place",
      { kind: "describe", input: { headSha: run.headSha }, output: storedPlacement },
      () => placeFix(octokit, ctx, input, deps.hooksDir),
    );
    if (placed.refusedCode !== null)
      return {
        ...nothingPushed,
        refused: { code: placed.refusedCode, message: placed.refusedMessage ?? "" },
      };
    // What suggestions cannot carry goes to the side branch as a fix run delivers it (fix PR included).
    const side = placed.leftOut.length > 0 ? await toSideBranch(ctx, input) : null;
    if (side?.refused) return side;
    const key = suggestReviewKey(run.headSha, input.failedChecks);
    const evidence = input.outcome.verdict
      ? [...input.outcome.verdict.commands, ...input.outcome.verdict.lint].filter((c) => c.exitBefore !== 0)
      : [];
    await ctx.progress(`Posting ${placed.suggestions.length} suggested change(s) in one review…`);
    const review = renderSuggestionReview({
      key,
      runId: run.id,
      headSha: run.headSha,
      suggestions: placed.suggestions.map((suggestion) => ({
        suggestion,
        why: whyOfSuggestion(suggestion, input.failures, input.outcome.reason),
      })),
      leftOut: placed.leftOut,
      evidence,
      sideBranch: side?.pushedSha ? { branch: side.branch, url: side.fixPr?.url ?? side.compareUrl } : null,
    });
    const ref = splitRepo(run.repo);
    const earlier = await suggestReviews(deps.store, run.repo, run.pr!);
    const posted = await ctx.step(
      "deliver:suggest-review",
      { kind: "github", input: { key }, output: postedSuggestionReview },
      async () => {
        const p = await postSuggestionReview(octokit, {
          ...ref,
          pullNumber: run.pr!,
          key,
          headSha: run.headSha,
          review,
        });
        await recordSuggestReview(deps.store, deps.now().toISOString(), run.repo, {
          key,
          pr: run.pr!,
          headSha: run.headSha,
          runId: run.id,
          reviewId: p.reviewId,
          url: p.url,
          commands: evidence.map((e) => e.command),
          suggestions: withCommentIds(placed.suggestions, p.comments),
        });
        return p;
      },
    );
    // An older head's review is outdated now: say so there, never delete it.
    for (const old of earlier.filter((r) => r.headSha !== run.headSha && r.key !== key))
      await replyOutdated(octokit, deps.store, deps.now, {
        repo: run.repo,
        pr: run.pr!,
        old,
        newHead: run.headSha,
        newUrl: posted.url,
      });
    const suggestions = {
      url: posted.url,
      count: placed.suggestions.length,
      leftOut: placed.leftOut.length,
      reused: posted.reused,
    };
    return side ? { ...side, suggestions } : { ...nothingPushed, suggestions };
  };
}

const nothingPushed: DeliveryResult = {
  branch: "",
  pushedSha: null,
  fixPr: null,
  compareUrl: null,
  patch: null,
  commits: [],
  refused: null,
  autoApply: null,
};

async function placeFix(
  octokit: GitHubClient,
  ctx: RunContext,
  input: DeliverFixInput,
  hooksDir: string,
): Promise<Placement & { refusedCode: string | null; refusedMessage: string | null }> {
  const { run } = ctx;
  const git = deliveryGit({ dir: input.workspaceDir, hooksDir });
  const range = { base: input.outcome.baseCommit, head: input.outcome.branch! };
  try {
    await checkDiffBeforePush(git, range);
  } catch (err) {
    if (!(err instanceof DeliveryRefusal)) throw err;
    return { suggestions: [], leftOut: [], refusedCode: err.code, refusedMessage: err.message };
  }
  const files = await readFixFiles(git, range.base, range.head);
  const prFiles = await octokit.paginate(octokit.rest.pulls.listFiles, {
    ...splitRepo(run.repo),
    pull_number: run.pr!,
    per_page: 100,
  });
  const placement = placeSuggestions({
    files,
    prPatches: new Map(prFiles.map((f) => [f.filename, f.patch ?? null])),
    flagged: new Set(input.change?.testWeakening.map((w) => w.path) ?? []),
    maxLines: maxSuggestionLines,
  });
  return { ...placement, refusedCode: null, refusedMessage: null };
}
