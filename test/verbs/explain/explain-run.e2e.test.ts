// `/xihe explain` end to end: a signed issue_comment webhook through the real Probot app, a real bare
// git repository whose `master` is the PR base and `changes` the PR head, the real worker, workspace,
// code index and diff. GitHub's REST API is nock; every interceptor must be used.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import nock from "nock";
import { afterEach, describe, expect, it } from "vitest";
import { recoverInterruptedRuns } from "../../../src/runs/recover-interrupted.ts";
import type { CompleteText } from "../../../src/understanding/ask/answer-question.ts";
import { baseFiles, headCart } from "../../understanding/explain-repo.ts";
import { commentPayload, createHarness, fixture, type Harness } from "../../github/app-harness.ts";
import { scratchDir } from "../../support/scratch-dir.ts";
import {
  installationTokenReply,
  isInstallationTokenRequest,
  realExecutors,
  runTokenReply,
} from "../../github/run-fixtures.ts";

const api = "https://api.github.com";
const repoPath = "/repos/Codertocat/Hello-World";

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", ["-c", "user.name=dev", "-c", "user.email=dev@example.invalid", ...args], {
    cwd,
    encoding: "utf8",
  }).trim();
}

const scratch: string[] = [];
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * A bare repository: `master` at the base commit, `changes` one commit later (the PR head), which
 * also adds the `extra` files (e.g. a hostile `.github/xihe.yml`).
 */
function makeRemote(extra: Record<string, string> = {}) {
  const root = scratchDir("xihe-explain-e2e-");
  scratch.push(root);
  const work = join(root, "work");
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(work, path)), { recursive: true });
    writeFileSync(join(work, path), text);
  };
  for (const [path, text] of Object.entries(baseFiles)) write(path, text);
  git(work, "init", "-q", "-b", "master");
  git(work, "add", "-A");
  git(work, "commit", "-qm", "shop: cart and checkout");
  const base = git(work, "rev-parse", "HEAD");
  git(work, "checkout", "-qb", "changes");
  write("src/cart.js", headCart);
  for (const [path, text] of Object.entries(extra)) write(path, text);
  git(work, "add", "-A");
  git(work, "commit", "-qm", "cart: tax");
  const bare = join(root, "Hello-World.git");
  execFileSync("git", ["clone", "-q", "--bare", work, bare]);
  return { root, bare, base, head: git(work, "rev-parse", "HEAD") };
}

interface ReviewPost {
  commit_id: string;
  event: string;
  body: string;
  comments: { path: string; line: number; side: string; body: string }[];
}

/** The app with `complete` as the model, one `/xihe explain` comment, and the REST calls of one run. */
async function explainOnce(
  command: string,
  complete: CompleteText | null,
  extra: Record<string, string> = {},
) {
  const remote = makeRemote(extra);
  h = await createHarness({
    executors: realExecutors(join(remote.root, "xihe-work"), { complete }),
  });
  const pull = fixture<{ head: { sha: string }; base: { repo: { clone_url: string } } }>(
    "pulls.get.same-repo.json",
  );
  pull.head.sha = remote.head;
  pull.base.repo.clone_url = `file://${remote.bare}`;
  const posts: ReviewPost[] = [];
  const comment: string[] = [];
  nock(api)
    .post("/app/installations/2311213/access_tokens", isInstallationTokenRequest)
    .reply(201, installationTokenReply)
    // Read by the webhook handler, and again by the run when it starts.
    .get(`${repoPath}/contents/.github%2Fxihe.yml`)
    .query({ ref: "master" })
    .times(2)
    .reply(404, { message: "Not Found" })
    .get(`${repoPath}/collaborators/Codertocat/permission`)
    .reply(200, fixture("collaborator-permission.write.json"))
    .get(`${repoPath}/pulls/1`)
    .reply(200, pull)
    .post(`${repoPath}/issues/comments/801/reactions`)
    .reply(201, { id: 5, content: "eyes" })
    .get(`${repoPath}/issues/1/comments`)
    .query({ per_page: "100" })
    .reply(200, [])
    .post(`${repoPath}/issues/1/comments`)
    .reply(201, { id: 560, html_url: "https://github.com/Codertocat/Hello-World/pull/1#issuecomment-560" })
    .post(`${repoPath}/check-runs`)
    .reply(201, { id: 1560 })
    .post("/app/installations/2311213/access_tokens")
    .reply(201, runTokenReply)
    .get(`${repoPath}/pulls/1/reviews`)
    .query({ per_page: "100" })
    .reply(200, [])
    .post(`${repoPath}/pulls/1/reviews`, (b: ReviewPost) => (posts.push(b), true))
    .reply(200, {
      id: 9001,
      html_url: "https://github.com/Codertocat/Hello-World/pull/1#pullrequestreview-9001",
    })
    .patch(`${repoPath}/check-runs/1560`, (b: { conclusion: string }) => b.conclusion === "success")
    .reply(200, {});
  nock(api)
    .patch(`${repoPath}/issues/comments/560`, (b: { body: string }) => (comment.push(b.body), true))
    .reply(200, {})
    .persist();
  await h.send("issue_comment", commentPayload(command, { commentId: 801 }), "delivery-explain");
  await h.worker.drain();

  return { remote, posts, comment, app: h };
}

describe("/xihe explain on a pull request", () => {
  it("posts one review with a line comment per changed symbol, and never a second one", async () => {
    const { remote, posts, comment, app } = await explainOnce("/xihe explain", null);
    const [run] = await app.store.listRuns({});
    expect(run).toMatchObject({ verb: "explain", status: "succeeded", headSha: remote.head });
    expect(posts).toHaveLength(1);
    const review = posts[0]!;
    expect(review).toMatchObject({ commit_id: remote.head, event: "COMMENT" });
    expect(review.body).toContain(`<!-- xihe-explain:${run!.id} -->`);
    // total changed on line 1, applyTax was added at line 6; legacyDiscount was removed (body only).
    expect(review.comments.map((c) => [c.path, c.line, c.side])).toEqual([
      ["src/cart.js", 1, "RIGHT"],
      ["src/cart.js", 6, "RIGHT"],
    ]);
    // Every commented line is an added line of GitHub's diff (merge base ... head).
    const added = git(remote.bare, "diff", "--unified=0", `${remote.base}...${remote.head}`);
    for (const c of review.comments)
      expect(added).toMatch(new RegExp(`^@@ -\\S+ \\+${c.line}(,\\d+)? @@`, "m"));
    expect(review.comments[0]?.body).toContain("Modified function `total`");
    expect(review.comments[0]?.body).toContain("`src/checkout.js:4` in `checkout`");
    expect(review.comments[0]?.body).toContain("Tests that reach it: 1 — `test/cart.test.js:6` `totals`");
    expect(review.comments[1]?.body).toContain("Added function `applyTax`");
    expect(review.body).toContain("removed function `legacyDiscount`");
    expect(review.body).toContain("No model is configured");
    expect(comment.at(-1)).toContain("pullrequestreview-9001");

    // The same webhook again: no second run (no interceptor is left for one).
    await app.send("issue_comment", commentPayload("/xihe explain", { commentId: 801 }), "delivery-explain");
    await app.worker.drain();
    expect(await app.store.listRuns({})).toHaveLength(1);

    // A worker killed after the review was posted but before its step was recorded: the resumed run
    // finds the review by its marker and posts nothing.
    await app.store.updateRun(run!.id, { status: "running", workerId: "dead-worker", endedAt: null });
    for (const stepId of ["github:explain-review", "github:check-run:completed"])
      await app.store.finishStep(run!.id, stepId, {
        status: "failed",
        output: null,
        error: "killed",
        endedAt: new Date().toISOString(),
      });
    expect(
      await recoverInterruptedRuns({ store: app.store, now: () => new Date(), workerId: "w2" }),
    ).toMatchObject({
      resumed: [run!.id],
    });
    nock(api)
      .get(`${repoPath}/contents/.github%2Fxihe.yml`)
      .query({ ref: "master" })
      .reply(404, { message: "Not Found" })
      .post("/app/installations/2311213/access_tokens")
      .reply(201, runTokenReply)
      .get(`${repoPath}/pulls/1/reviews`)
      .query({ per_page: "100" })
      .reply(200, [
        {
          id: 9001,
          body: review.body,
          html_url: "https://github.com/Codertocat/Hello-World/pull/1#pullrequestreview-9001",
        },
      ])
      .patch(`${repoPath}/check-runs/1560`)
      .reply(200, {});
    await app.worker.drain();
    expect(posts).toHaveLength(1);
    expect((await app.store.getRun(run!.id))?.status).toBe("succeeded");
  });

  it("puts the model's sentences, made safe, in the comment of the focused symbol only", async () => {
    const complete: CompleteText = async () => "Adds applyTax. Ping @octocat <b>now</b>.";
    const { posts } = await explainOnce("/xihe explain applyTax", complete);
    expect(posts).toHaveLength(1);
    const review = posts[0]!;
    expect(review.comments.map((c) => [c.path, c.line])).toEqual([["src/cart.js", 6]]);
    expect(review.comments[0]?.body).toContain("Adds applyTax. Ping @\u200boctocat &lt;b&gt;now&lt;/b&gt;.");
    expect(review.body).toContain("Focus: `applyTax`.");
    expect(review.body).toContain("written by the configured model");
  });

  it("A14: a PR-local .github/xihe.yml (ignore every file, and an unknown key) neither hides the change nor breaks the run", async () => {
    const hostile = { ".github/xihe.yml": 'understanding:\n  ignore: ["**"]\nbogus: 1\n' };
    const { posts, app } = await explainOnce("/xihe explain", null, hostile);
    expect((await app.store.listRuns({}))[0]).toMatchObject({ status: "succeeded" });
    expect(posts).toHaveLength(1);
    expect(posts[0]!.comments.map((c) => [c.path, c.line])).toEqual([
      ["src/cart.js", 1],
      ["src/cart.js", 6],
    ]);
  });
});
