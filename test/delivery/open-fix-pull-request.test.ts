// Fix PR delivery against GitHub's REST shapes (nock) and a real repository for the fork patch.
import nock from "nock";
import { ProbotOctokit } from "probot";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { deliveryGit } from "../../src/delivery/delivery-git.ts";
import { openFixPullRequest } from "../../src/delivery/open-fix-pull-request.ts";
import { createGitFixture, type GitFixture } from "./git-fixture.ts";

const TestOctokit = ProbotOctokit.defaults((o: Record<string, unknown>) => ({
  ...o,
  throttle: { enabled: false },
  retry: { enabled: false },
}));
const octokit = new TestOctokit({ auth: { token: "test-token" }, request: { fetch } });
const api = () => nock("https://api.github.com");
const side = "xihe/fix/12-r0a1b2c3d4e";

const pullResponse = (number: number, state = "open") => ({
  number,
  state,
  html_url: `https://github.com/octo/app/pull/${number}`,
  head: { ref: side, label: `octo:${side}` },
  base: { ref: "feature/login" },
});

describe("openFixPullRequest", () => {
  let f: GitFixture;
  let base: string;
  let head: string;
  beforeEach(async () => {
    f = await createGitFixture();
    base = await f.git(["rev-parse", "HEAD"]);
    head = await f.commit({ "src/app.js": "export const x = 2;\n" }, "fix x\n\nXihe-Run: r0a1b2c3d4e\n");
  });
  afterEach(() => f.cleanup());

  const input = (isFork: boolean, maxBytes?: number, webUrl = "https://github.com") => ({
    repo: "octo/app",
    webUrl,
    headRef: "feature/login",
    isFork,
    sideBranch: side,
    title: "Xihe fix for #12",
    body: "Fixes the failing lint.",
    patch: {
      git: deliveryGit({ dir: f.work, hooksDir: f.hooksDir }),
      base,
      head,
      ...(maxBytes ? { maxBytes } : {}),
    },
  });

  it("opens exactly one fix PR into the PR's head branch; a second call finds it by head branch", async () => {
    const list = api()
      .get("/repos/octo/app/pulls")
      .query({ head: `octo:${side}`, state: "all", per_page: "10" });
    list.reply(200, []);
    const create = api()
      .post(
        "/repos/octo/app/pulls",
        (body: Record<string, unknown>) =>
          body.head === side && body.base === "feature/login" && body.maintainer_can_modify === false,
      )
      .once()
      .reply(201, pullResponse(13));
    const first = await openFixPullRequest(octokit, input(false));
    expect(first).toEqual({
      kind: "pull_request",
      number: 13,
      url: "https://github.com/octo/app/pull/13",
      state: "open",
      created: true,
    });
    expect(create.isDone()).toBe(true);

    api()
      .get("/repos/octo/app/pulls")
      .query({ head: `octo:${side}`, state: "all", per_page: "10" })
      .reply(200, [pullResponse(13)]);
    const second = await openFixPullRequest(octokit, input(false));
    expect(second).toEqual({ ...first, created: false });
  });

  it("uses the PR a concurrent attempt created when GitHub answers 422", async () => {
    const q = { head: `octo:${side}`, state: "all", per_page: "10" };
    api().get("/repos/octo/app/pulls").query(q).reply(200, []);
    api()
      .post("/repos/octo/app/pulls")
      .reply(422, {
        message: "Validation Failed",
        errors: [
          {
            resource: "PullRequest",
            code: "custom",
            message: `A pull request already exists for octo:${side}.`,
          },
        ],
      });
    api()
      .get("/repos/octo/app/pulls")
      .query(q)
      .reply(200, [pullResponse(14)]);
    expect(await openFixPullRequest(octokit, input(false))).toMatchObject({ number: 14, created: false });
  });

  it("for a fork PR makes no GitHub call and returns a compare link in the base repository and the patch", async () => {
    const out = await openFixPullRequest(octokit, input(true));
    expect(out.kind).toBe("compare");
    if (out.kind !== "compare") return;
    expect(out.compareUrl).toBe(`https://github.com/octo/app/compare/${base}...${side}`);
    expect(out.patch.truncated).toBe(false);
    expect(out.patch.text).toContain("Subject: [PATCH] fix x");
    expect(out.patch.text).toContain("-export const x = 1;\n+export const x = 2;");
  });

  it("links the compare view on the GitHub Enterprise Server the repository lives on", async () => {
    const out = await openFixPullRequest(octokit, input(true, undefined, "https://ghe.example.test"));
    if (out.kind !== "compare") throw new Error("expected a compare delivery");
    expect(out.compareUrl).toBe(`https://ghe.example.test/octo/app/compare/${base}...${side}`);
  });

  it("caps a large fork patch at whole lines and says it was cut", async () => {
    head = await f.commit({ "big.txt": "line of text\n".repeat(5000) }, "big\n\nXihe-Run: r0a1b2c3d4e\n");
    const out = await openFixPullRequest(octokit, input(true, 4000));
    if (out.kind !== "compare") throw new Error("expected a compare delivery");
    expect(out.patch.truncated).toBe(true);
    expect(Buffer.byteLength(out.patch.text)).toBeLessThanOrEqual(4000);
    expect(out.patch.text.endsWith("\n")).toBe(true);
    expect(out.patch.bytes).toBeGreaterThan(60_000);
  });
});
