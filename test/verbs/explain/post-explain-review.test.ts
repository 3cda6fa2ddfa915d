import nock from "nock";
import { ProbotOctokit } from "probot";
import { describe, expect, it } from "vitest";
import { postExplainReview } from "../../../src/verbs/explain/post-explain-review.ts";
import { explainMarker } from "../../../src/verbs/explain/render-explain-review.ts";

const TestOctokit = ProbotOctokit.defaults((o: Record<string, unknown>) => ({
  ...o,
  throttle: { enabled: false },
  retry: { enabled: false },
}));
const octokit = new TestOctokit({ auth: { token: "test-token" }, request: { fetch } });
const reviews = "/repos/octo/app/pulls/7/reviews";
const headSha = "a".repeat(40);
const review = {
  body: `${explainMarker("run42")}\nsummary`,
  comments: [{ path: "src/a.ts", line: 3, side: "RIGHT" as const, body: "**Added function `a`**" }],
};
const request = { owner: "octo", repo: "app", pullNumber: 7, runId: "run42", headSha, review };

describe("postExplainReview", () => {
  it("posts nothing when a review with the run's marker exists (on any page)", async () => {
    const other = Array.from({ length: 100 }, (_, i) => ({ id: i + 1, body: "lgtm", html_url: null }));
    nock("https://api.github.com")
      .get(reviews)
      .query({ per_page: "100" })
      .reply(200, other, { link: `<https://api.github.com${reviews}?per_page=100&page=2>; rel="next"` })
      .get(reviews)
      .query({ per_page: "100", page: "2" })
      .reply(200, [
        { id: 555, body: review.body, html_url: "https://github.com/octo/app/pull/7#pullrequestreview-555" },
      ]);
    expect(await postExplainReview(octokit, request)).toMatchObject({ reviewId: 555, reused: true });
  });

  it("folds the line comments into the body when GitHub rejects a line with 422", async () => {
    const bodies: { body: string; comments: unknown[] }[] = [];
    nock("https://api.github.com")
      .get(reviews)
      .query({ per_page: "100" })
      .reply(200, [])
      .post(reviews, (b: { comments: unknown[] }) => b.comments.length === 1)
      .reply(422, { message: "Unprocessable Entity", errors: ["Line could not be resolved"] })
      .post(reviews, (b: { body: string; comments: unknown[] }) => (bodies.push(b), b.comments.length === 0))
      .reply(200, { id: 9, html_url: "https://github.com/octo/app/pull/7#pullrequestreview-9" });
    expect(await postExplainReview(octokit, request)).toMatchObject({
      reviewId: 9,
      comments: 0,
      reused: false,
    });
    expect(bodies[0]?.body).toContain(explainMarker("run42"));
    expect(bodies[0]?.body).toContain("`src/a.ts:3`");
    expect(bodies[0]?.body).toContain("**Added function `a`**");
  });
});
