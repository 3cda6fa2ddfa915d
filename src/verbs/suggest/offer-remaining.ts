// A partial application that still fails: one new review on the new head offering only the
// suggestions still open (moved to their new lines, and only where the PR's diff still shows them).
// Its key is (new head, the old review), so a restarted worker finds it instead of posting again.
import { codeSpan } from "../../delivery/markdown-text.ts";
import { suggestionProblem, type Suggestion } from "../../delivery/suggest/place-suggestions.ts";
import { renderSuggestionReview } from "../../delivery/suggest/render-suggestion-review.ts";
import { suggestReviewKey } from "../../delivery/suggest/suggest-review-key.ts";
import { splitRepo, type GitHubClient } from "../../github/github-client.ts";
import type { RunContext } from "../../runs/run-executor.ts";
import { postSuggestionReview, postedSuggestionReview, withCommentIds } from "./post-suggestion-review.ts";
import type { RerunResult } from "./rerun-commands.ts";
import type { Store } from "../../store/store.ts";
import {
  recordSuggestReview,
  type SuggestReviewRecord,
} from "../../delivery/suggest/suggest-review-record.ts";

export async function offerRemaining(
  deps: { store: Pick<Store, "addAudit" | "listAudit">; now: () => Date },
  ctx: RunContext,
  octokit: GitHubClient,
  r: { review: SuggestReviewRecord; open: Suggestion[]; rerun: RerunResult },
): Promise<{ url: string | null; count: number } | null> {
  const { run } = ctx;
  const ref = splitRepo(run.repo);
  const files = await octokit.paginate(octokit.rest.pulls.listFiles, {
    ...ref,
    pull_number: run.pr!,
    per_page: 100,
  });
  const patches = new Map(files.map((f) => [f.filename, f.patch ?? null]));
  const offered = r.open.filter((s) => suggestionProblem(s, patches.get(s.path), 60) === null);
  if (offered.length === 0) return null;
  const key = suggestReviewKey(run.headSha, [`remaining:${r.review.key}`]);
  const review = renderSuggestionReview({
    key,
    runId: run.id,
    headSha: run.headSha,
    suggestions: offered.map((suggestion) => ({
      suggestion,
      why: "Still open from the earlier review; the failing commands still fail without it.",
    })),
    leftOut: [],
    evidence: r.rerun.commands.map((c) => ({ command: c.command, exitBefore: c.exitCode, exitAfter: null })),
    sideBranch: null,
    proof: `Verified on ${codeSpan(r.review.headSha.slice(0, 12))} with all of that review's suggestions applied; on ${codeSpan(run.headSha.slice(0, 12))}, without these, the commands still fail.`,
  });
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
        ...r.review,
        key,
        headSha: run.headSha,
        runId: run.id,
        reviewId: p.reviewId,
        url: p.url,
        suggestions: withCommentIds(offered, p.comments),
      });
      return p;
    },
  );
  return { url: posted.url, count: offered.length };
}
