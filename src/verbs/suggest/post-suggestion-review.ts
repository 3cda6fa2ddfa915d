// Posts the suggestion review at most once per (PR head, failing checks): its marker is looked for
// in the PR's reviews first, so a worker killed after the POST, or a second run for the same head
// and checks, finds the review instead of posting another. Returns the review's comment ids, which
// re-verification resolves later.
import { z } from "zod";
import type { GitHubClient } from "../../github/github-client.ts";
import type { SuggestionReview } from "../../delivery/suggest/render-suggestion-review.ts";
import { suggestReviewMarker } from "../../delivery/suggest/suggest-review-key.ts";

export const postedSuggestionReview = z.object({
  reviewId: z.number().int(),
  url: z.string().nullable(),
  reused: z.boolean(),
  comments: z.array(z.object({ id: z.number().int(), path: z.string(), line: z.number().int().nullable() })),
});
export type PostedSuggestionReview = z.infer<typeof postedSuggestionReview>;

export interface PostSuggestionReviewRequest {
  owner: string;
  repo: string;
  pullNumber: number;
  key: string;
  headSha: string;
  review: SuggestionReview;
}

export async function findSuggestionReview(
  octokit: GitHubClient,
  r: Pick<PostSuggestionReviewRequest, "owner" | "repo" | "pullNumber" | "key">,
): Promise<{ id: number; html_url: string } | null> {
  const marker = suggestReviewMarker(r.key);
  const reviews = await octokit.paginate(octokit.rest.pulls.listReviews, {
    owner: r.owner,
    repo: r.repo,
    pull_number: r.pullNumber,
    per_page: 100,
  });
  return reviews.find((review) => (review.body ?? "").includes(marker)) ?? null;
}

export async function postSuggestionReview(
  octokit: GitHubClient,
  r: PostSuggestionReviewRequest,
): Promise<PostedSuggestionReview> {
  const target = { owner: r.owner, repo: r.repo, pull_number: r.pullNumber };
  const found = await findSuggestionReview(octokit, r);
  const review =
    found ??
    (
      await octokit.rest.pulls.createReview({
        ...target,
        commit_id: r.headSha,
        event: "COMMENT",
        body: r.review.body,
        comments: r.review.comments,
      })
    ).data;
  const comments = await octokit.paginate(octokit.rest.pulls.listCommentsForReview, {
    ...target,
    review_id: review.id,
    per_page: 100,
  });
  return {
    reviewId: review.id,
    url: review.html_url,
    reused: found !== null,
    comments: comments.map((c) => ({ id: c.id, path: c.path, line: c.line ?? null })),
  };
}

/** Each suggestion with the id of the review comment GitHub created for it (matched by path and line). */
export function withCommentIds<S extends { path: string; line: number }>(
  suggestions: readonly S[],
  comments: readonly { id: number; path: string; line: number | null }[],
): (S & { commentId: number | null })[] {
  return suggestions.map((s) => ({
    ...s,
    commentId: comments.find((c) => c.path === s.path && c.line === s.line)?.id ?? null,
  }));
}
