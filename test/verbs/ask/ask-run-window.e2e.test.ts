// `/xihe ask` on a pull request whose code has a function longer than LARGE_SYMBOL_LINES: the reply
// links and shows the 12-line window recall ranked it by, not the whole function from its first
// line. A signed issue_comment webhook through the real app and worker, a real bare git repository
// as the PR's, the real workspace and code index; GitHub's REST API is nock, every interceptor used.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import nock from "nock";
import { afterEach, describe, expect, it } from "vitest";
import { commentPayload, createHarness, fixture, type Harness } from "../../github/app-harness.ts";
import { scratchDir } from "../../support/scratch-dir.ts";
import {
  installationTokenReply,
  isInstallationTokenRequest,
  realExecutors,
  runTokenReply,
} from "../../github/run-fixtures.ts";
import {
  LARGE_FUNCTION_QUESTION,
  largeFunctionSource,
} from "../../understanding/ask/large-function-source.ts";

const api = "https://api.github.com";
const repoPath = "/repos/Codertocat/Hello-World";
const ANSWER_LINE = 701;

const scratch: string[] = [];
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
  nock.cleanAll();
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", ["-c", "user.name=dev", "-c", "user.email=dev@example.invalid", ...args], {
    cwd,
    encoding: "utf8",
  }).trim();
}

/** A bare repository whose one commit (the PR head) holds a 1500-line parser. */
function makeRemote() {
  const root = scratchDir("xihe-ask-e2e-");
  scratch.push(root);
  const work = join(root, "work");
  const path = join(work, "lib/parse.js");
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, largeFunctionSource(1500, ANSWER_LINE));
  git(work, "init", "-q", "-b", "changes");
  git(work, "add", "-A");
  git(work, "commit", "-qm", "parse: the whole grammar in one function");
  const bare = join(root, "Hello-World.git");
  execFileSync("git", ["clone", "-q", "--bare", work, bare]);
  return { root, bare, head: git(work, "rev-parse", "HEAD") };
}

describe("/xihe ask on a function over 150 lines", () => {
  it("links the window holding the answer by its line range and shows those lines", async () => {
    const remote = makeRemote();
    h = await createHarness({ executors: realExecutors(join(remote.root, "xihe-work")) });
    const pull = fixture<{ head: { sha: string }; base: { repo: { clone_url: string } } }>(
      "pulls.get.same-repo.json",
    );
    pull.head.sha = remote.head;
    pull.base.repo.clone_url = `file://${remote.bare}`;
    let answer = "";
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
      .post(`${repoPath}/issues/comments/701/reactions`)
      .reply(201, { id: 4, content: "eyes" })
      .get(`${repoPath}/issues/1/comments`)
      .query({ per_page: "100" })
      .reply(200, [])
      .post(`${repoPath}/issues/1/comments`)
      .reply(201, { id: 559, html_url: "https://github.com/Codertocat/Hello-World/pull/1#issuecomment-559" })
      .post(`${repoPath}/check-runs`)
      .reply(201, { id: 1559 })
      .post("/app/installations/2311213/access_tokens")
      .reply(201, runTokenReply)
      .patch(`${repoPath}/issues/comments/559`, (b: { body: string }) => ((answer = b.body), true))
      .times(2)
      .reply(200, {})
      .patch(`${repoPath}/check-runs/1559`, (b: { conclusion: string }) => b.conclusion === "success")
      .reply(200, {});
    await h.send("issue_comment", commentPayload(`/xihe ask ${LARGE_FUNCTION_QUESTION}`, { commentId: 701 }));
    await h.worker.drain();
    expect(nock.isDone()).toBe(true);

    const blob = `https://github.com/Codertocat/Hello-World/blob/${remote.head}/lib/parse.js`;
    const link = new RegExp(`${blob.replace(/[.?]/g, "\\$&")}#L(\\d+)-L(\\d+)`).exec(answer);
    const [start, end] = [Number(link?.[1]), Number(link?.[2])];
    expect(end - start + 1).toBe(12);
    expect(start).toBeLessThanOrEqual(ANSWER_LINE);
    expect(end).toBeGreaterThanOrEqual(ANSWER_LINE);
    expect(answer).toContain(`lib/parse.js:${start}`);
    // The snippet is the window: the answering line is in it, the function's first line is not.
    expect(answer).toContain("const fallback = options.maxAge ?? defaultMaxAge");
    expect(answer).not.toContain("function parse (src, options)");
  });
});
