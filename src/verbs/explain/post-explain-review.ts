// Posts the explain review at most once per run: the run's marker is looked for in the PR's reviews
// first (a worker killed after the POST but before its step was recorded must not post again). If
// GitHub rejects the line comments (422: a line it does not consider part of the diff), the review
// is posted once more with the comments folded into its body, so the explanation still arrives.
import { z } from "zod";
import { codeSpan } from "../../delivery/markdown-text.ts";
import type { GitHubClient } from "../../github/github-client.ts";
import { explainMarker, type ExplainReview } from "./render-explain-review.ts";

/** Stored as the `github:explain-review` step: a retried run finds its review instead of posting again. */
export const postedReview = z.object({
  reviewId: z.number().int(),
  url: z.string().nullable(),
  comments: z.number().int(),
  /** The review already existed (found by its marker); nothing was posted. */
  reused: z.boolean(),
});

export type PostedReview = z.infer<typeof postedReview>;

export interface PostReviewRequest {
  owner: string;
  repo: string;
  pullNumber: number;
  runId: string;
  headSha: string;
  review: ExplainReview;
}

export async function postExplainReview(octokit: GitHubClient, r: PostReviewRequest): Promise<PostedReview> {
  const marker = explainMarker(r.runId);
  const target = { owner: r.owner, repo: r.repo, pull_number: r.pullNumber };
  const existing = await octokit.paginate(octokit.rest.pulls.listReviews, { ...target, per_page: 100 });
  const found = existing.find((review) => review.body.includes(marker));
  if (found) return { reviewId: found.id, url: found.html_url, comments: 0, reused: true };
  const post = (body: string, comments: ExplainReview["comments"]) =>
    octokit.rest.pulls.createReview({ ...target, commit_id: r.headSha, event: "COMMENT", body, comments });
  try {
    const { data } = await post(r.review.body, r.review.comments);
    return { reviewId: data.id, url: data.html_url, comments: r.review.comments.length, reused: false };
  } catch (err) {
    if (!isUnprocessable(err) || r.review.comments.length === 0) throw err;
    const folded = r.review.comments
      .map((c) => `#### ${codeSpan(`${c.path}:${c.line}`)}\n\n${c.body}`)
      .join("\n\n");
    const { data } = await post(`${r.review.body}\n\n${folded}`.slice(0, 65_000), []);
    return { reviewId: data.id, url: data.html_url, comments: 0, reused: false };
  }
}

function isUnprocessable(err: unknown): boolean {
  return typeof err === "object" && err !== null && "status" in err && err.status === 422;
}
