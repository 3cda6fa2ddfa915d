import nock from "nock";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { shouldRetryRateLimit } from "../../src/github/rate-limits.ts";
import { createXiheOctokit } from "../../src/github/xihe-octokit.ts";
import { RateLimitedError } from "../../src/runs/rate-limited-error.ts";

const client = () => {
  const Octokit = createXiheOctokit(pino({ level: "silent" }), {
    retryAndThrottle: true,
    requestTimeoutMs: 10_000,
  });
  return new Octokit({ auth: "ghs_test" });
};

describe("GitHub rate limits", () => {
  it("A32: a secondary limit with retry-after is retried after the wait, then the request completes", async () => {
    nock("https://api.github.com")
      .post("/repos/o/r/issues/1/comments")
      .reply(403, { message: "You have exceeded a secondary rate limit" }, { "retry-after": "1" })
      .post("/repos/o/r/issues/1/comments")
      .reply(201, { id: 5 });
    const started = Date.now();
    const { data } = await client().rest.issues.createComment({
      owner: "o",
      repo: "r",
      issue_number: 1,
      body: "x",
    });
    expect(data).toEqual({ id: 5 });
    // Not a speed assertion: the retry must not have happened before retry-after elapsed.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it("A32: the decision to wait out a 90 s secondary limit is yes, and a long primary limit is not blocked on", () => {
    expect(shouldRetryRateLimit("secondary", 90, 0)).toBe(true);
    expect(shouldRetryRateLimit("secondary", 90, 3)).toBe(false);
    expect(shouldRetryRateLimit("primary", 30, 0)).toBe(true);
    expect(shouldRetryRateLimit("primary", 1800, 0)).toBe(false);
  });

  it("A33: remaining 0 with a reset in 30 minutes becomes a RateLimitedError carrying the reset time", async () => {
    const reset = Math.floor(Date.now() / 1000) + 1800;
    nock("https://api.github.com")
      .get("/repos/o/r/pulls/1")
      .reply(
        403,
        { message: "API rate limit exceeded" },
        { "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(reset) },
      );
    const err = await client()
      .rest.pulls.get({ owner: "o", repo: "r", pull_number: 1 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitedError);
    expect((err as RateLimitedError).resumeAt.getTime()).toBe(reset * 1000);
  });

  it("does not retry a 404 or a 422", async () => {
    nock("https://api.github.com").get("/repos/o/r/pulls/2").reply(404, { message: "Not Found" });
    nock("https://api.github.com").post("/repos/o/r/pulls").reply(422, { message: "Validation Failed" });
    await expect(client().rest.pulls.get({ owner: "o", repo: "r", pull_number: 2 })).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      client().rest.pulls.create({ owner: "o", repo: "r", head: "a", base: "b", title: "t" }),
    ).rejects.toMatchObject({ status: 422 });
  });
});
