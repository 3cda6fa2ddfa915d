// The delivery pieces in the order the fix executor uses them, on one real bare repository, with
// GitHub's pulls API faked by nock: stamp -> scan -> push -> fix PR -> comment -> apply -> undo.
import nock from "nock";
import { ProbotOctokit } from "probot";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applyFix } from "../../src/delivery/apply-fix.ts";
import { checkDiffBeforePush } from "../../src/delivery/scan-diff.ts";
import { deliveryGit } from "../../src/delivery/delivery-git.ts";
import { openFixPullRequest } from "../../src/delivery/open-fix-pull-request.ts";
import { pushSideBranch } from "../../src/delivery/push-side-branch.ts";
import { renderFixComment } from "../../src/delivery/render-fix-comment.ts";
import { sideBranchName } from "../../src/delivery/side-branch-name.ts";
import { stampRunCommits } from "../../src/delivery/stamp-run-commits.ts";
import { undoFix } from "../../src/delivery/undo-fix.ts";
import { createGitFixture, type GitFixture } from "./git-fixture.ts";

const TestOctokit = ProbotOctokit.defaults((o: Record<string, unknown>) => ({
  ...o,
  throttle: { enabled: false },
  retry: { enabled: false },
}));
const octokit = new TestOctokit({ auth: { token: "test-token" }, request: { fetch } });
const author = { name: "xihe[bot]", email: "1+xihe[bot]@users.noreply.github.com" };
const now = () => new Date("2026-12-02T12:00:00Z");

describe("delivery flow", () => {
  let f: GitFixture;
  beforeEach(async () => {
    f = await createGitFixture();
  });
  afterEach(() => f.cleanup());

  it("delivers a loop's commit as a fix PR, applies it and undoes it", async () => {
    const runId = "r0a1b2c3d4e";
    await f.git(["switch", "--quiet", "-c", "feature"]);
    const prHead = await f.commit({ "src/app.js": "export const x = 1\n" }, "feature work");
    await f.git(["push", "--quiet", "origin", "feature"]);
    // What the loop leaves behind: a commit with its own trailers, authored as "xihe".
    const loopHead = await f.commit(
      { "src/app.js": "export const x = 1;\n" },
      `xihe: add semicolon\n\nXihe-Run: ${runId}\nXihe-Step: s1\n`,
    );

    const git = deliveryGit({ dir: f.work, hooksDir: f.hooksDir });
    const stamped = await stampRunCommits(git, {
      base: prHead,
      head: loopHead,
      runId,
      author,
      coAuthor: { login: "octocat", id: 583231, noreplyDomain: "users.noreply.github.com" },
    });
    await checkDiffBeforePush(git, { base: prHead, head: stamped.head });
    const branch = sideBranchName(12, runId);
    const push = await pushSideBranch({
      baseSha: f.initial,
      dir: f.work,
      remoteUrl: f.url,
      branch,
      sha: stamped.head,
      runId,
      hooksDir: f.hooksDir,
    });
    expect(push).toMatchObject({ pushed: true, sha: stamped.head });

    nock("https://api.github.com").get("/repos/octo/app/pulls").query(true).reply(200, []);
    nock("https://api.github.com")
      .post(
        "/repos/octo/app/pulls",
        (b: Record<string, unknown>) => b.head === branch && b.base === "feature",
      )
      .reply(201, {
        number: 13,
        state: "open",
        html_url: "https://github.com/octo/app/pull/13",
        head: { ref: branch },
      });
    const pr = await openFixPullRequest(octokit, {
      repo: "octo/app",
      webUrl: "https://github.com",
      headRef: "feature",
      isFork: false,
      sideBranch: branch,
      title: "Xihe fix for #12",
      body: "fix",
      patch: { git, base: prHead, head: stamped.head },
    });
    if (pr.kind !== "pull_request") throw new Error("expected a fix PR");

    const body = renderFixComment({
      runId,
      status: "fixed",
      reason: "verified",
      pr: { number: 12, headRef: "feature", headSha: prHead },
      stages: [],
      failures: [],
      change: {
        files: [{ path: "src/app.js", added: 1, removed: 1 }],
        riskScore: 1,
        riskLevel: "low",
        riskReasons: [],
        testWeakening: [],
      },
      evidence: [{ command: "npx eslint .", exitBefore: 1, exitAfter: 0, passed: true }],
      testsFixed: [],
      testsBroken: [],
      diffCheckOk: true,
      cost: { inputTokens: 0, outputTokens: 0, costUsd: 0, elapsedMs: 1000, modelCalls: 0 },
      trace: [],
      commits: stamped.commits.map((c) => ({ sha: c.to, summary: "xihe: add semicolon" })),
      delivery: { kind: "pull_request", sideBranch: branch, number: pr.number, url: pr.url },
    });
    expect(body).toContain(`git revert --no-edit ${stamped.head}`);

    const applied = await applyFix({
      dir: f.work,
      hooksDir: f.hooksDir,
      headRemoteUrl: f.url,
      sideRemoteUrl: f.url,
      headRef: "feature",
      sideBranch: branch,
      sideSha: stamped.head,
      fixBaseSha: prHead,
      approvedSha: prHead,
      fixRunId: runId,
      applyRunId: "rapply",
      author,
      now,
    });
    expect(applied).toMatchObject({ applied: true, method: "fast_forward", after: stamped.head });
    expect(await f.remoteSha("feature")).toBe(stamped.head);

    const undone = await undoFix({
      dir: f.work,
      hooksDir: f.hooksDir,
      headRemoteUrl: f.url,
      headRef: "feature",
      fixRunId: runId,
      undoRunId: "rundo",
      author,
      now,
    });
    if (!undone.undone) throw new Error("expected an undo");
    expect(undone.reverted).toEqual([{ sha: stamped.head, revertSha: undone.after }]);
    expect(await f.git(["show", `${undone.after}:src/app.js`])).toBe("export const x = 1");
  });
});
