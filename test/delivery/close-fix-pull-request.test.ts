import nock from "nock";
import { ProbotOctokit } from "probot";
import { describe, expect, it } from "vitest";
import { closeFixPullRequest } from "../../src/delivery/close-fix-pull-request.ts";

const TestOctokit = ProbotOctokit.defaults((o: Record<string, unknown>) => ({
  ...o,
  throttle: { enabled: false },
  retry: { enabled: false },
}));
const octokit = new TestOctokit({ auth: { token: "test-token" }, request: { fetch } });
const api = () => nock("https://api.github.com");

describe("closeFixPullRequest", () => {
  it("comments and closes an open fix PR", async () => {
    api().get("/repos/octo/app/pulls/13").reply(200, { number: 13, state: "open", merged: false });
    api()
      .post("/repos/octo/app/issues/13/comments", { body: "Undone by /xihe undo in #12." })
      .reply(201, { id: 1 });
    api().patch("/repos/octo/app/pulls/13", { state: "closed" }).reply(200, { number: 13, state: "closed" });
    expect(
      await closeFixPullRequest(octokit, {
        repo: "octo/app",
        number: 13,
        note: "Undone by /xihe undo in #12.",
      }),
    ).toEqual({
      closed: true,
      number: 13,
    });
  });

  it("does nothing to a PR that is already closed or merged", async () => {
    api().get("/repos/octo/app/pulls/13").reply(200, { number: 13, state: "closed", merged: true });
    expect(await closeFixPullRequest(octokit, { repo: "octo/app", number: 13, note: "x" })).toEqual({
      closed: false,
      number: 13,
      state: "merged",
    });
  });
});
