import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { deliveryGit } from "../../src/delivery/delivery-git.ts";
import { DeliveryRefusal } from "../../src/delivery/delivery-refusal.ts";
import { pushSideBranch } from "../../src/delivery/push-side-branch.ts";
import { runCommitMessage } from "../../src/delivery/run-commit-message.ts";
import { sideBranchName } from "../../src/delivery/side-branch-name.ts";
import { stampRunCommits } from "../../src/delivery/stamp-run-commits.ts";
import { createGitFixture, type GitFixture } from "./git-fixture.ts";
import { startSmartHttp, type SmartHttp } from "./smart-http-server.ts";

const runId = "r0a1b2c3d4e";
const branch = sideBranchName(12, runId);
const token = `ghs_${"Tk3nV4lu3".repeat(4)}`;

describe("pushSideBranch", () => {
  let f: GitFixture;
  beforeEach(async () => {
    f = await createGitFixture();
    // Every update of a ref in "GitHub" is logged: the number of pushes is counted, not guessed.
    await f.git(["config", "core.logAllRefUpdates", "always"], f.bare);
  });
  afterEach(() => f.cleanup());

  const fixCommit = (text = "export const x = 2;\n") =>
    f.commit(
      { "src/app.js": text },
      runCommitMessage({
        subject: "fix x",
        runId,
        coAuthor: { login: "octocat", noreplyDomain: "users.noreply.github.com" },
      }),
    );
  const push = (sha: string) =>
    pushSideBranch({
      baseSha: f.initial,
      dir: f.work,
      remoteUrl: f.url,
      branch,
      sha,
      runId,
      hooksDir: f.hooksDir,
      token,
    });
  const pushesTo = async (b: string) =>
    (await f.git(["reflog", "show", `refs/heads/${b}`, "--"], f.bare)).split("\n").filter(Boolean).length;

  it("creates the side branch at the run's commit", async () => {
    const sha = await fixCommit();
    expect(await push(sha)).toEqual({ pushed: true, branch, sha, previousSha: null });
    expect(await f.remoteSha(branch)).toBe(sha);
  });

  it("A34: a retry after a push whose result was never recorded does not push again", async () => {
    const sha = await fixCommit();
    await push(sha);
    // The worker was killed here; the restarted run calls the same step again.
    expect(await push(sha)).toEqual({ pushed: false, reason: "already_pushed", branch, sha });
    expect(await pushesTo(branch)).toBe(1);
  });

  it("moves its own branch with a lease when the run produced a newer commit", async () => {
    const first = await fixCommit();
    await push(first);
    const second = await fixCommit("export const x = 3;\n");
    expect(await push(second)).toEqual({ pushed: true, branch, sha: second, previousSha: first });
    expect(await f.remoteSha(branch)).toBe(second);
  });

  it("never force-pushes a branch with that name that Xihe did not create", async () => {
    const human = await f.commit({ "notes.txt": "mine\n" }, "a person's work");
    await f.git(["push", "--quiet", "origin", `${human}:refs/heads/${branch}`]);
    await f.git(["reset", "--quiet", "--hard", "HEAD~1"]);
    const sha = await fixCommit();
    const err = await push(sha).catch((e: unknown) => e);
    expect((err as DeliveryRefusal).code).toBe("branch_not_ours");
    expect((err as Error).message).toContain(human);
    expect(await f.remoteSha(branch)).toBe(human);
  });

  it("refuses a commit without this run's trailer, and branches outside xihe/", async () => {
    const plain = await f.commit({ "a.txt": "a\n" }, "no trailer");
    expect(((await push(plain).catch((e: unknown) => e)) as DeliveryRefusal).code).toBe("branch_not_ours");
    const other = pushSideBranch({
      baseSha: f.initial,
      dir: f.work,
      remoteUrl: f.url,
      branch: "main",
      sha: plain,
      runId,
      hooksDir: f.hooksDir,
    });
    expect(((await other.catch((e: unknown) => e)) as DeliveryRefusal).code).toBe("branch_not_ours");
  });

  it("A24: refuses a remote URL with credentials or another protocol, without echoing the password", async () => {
    const sha = await fixCommit();
    for (const remoteUrl of [
      "https://x-access-token:hunter2secret@github.com/o/r.git",
      "ext::sh -c id",
      "http://evil.example/o/r.git",
      "--upload-pack=id",
    ]) {
      const err = await pushSideBranch({
        baseSha: f.initial,
        dir: f.work,
        remoteUrl,
        branch,
        sha,
        runId,
        hooksDir: f.hooksDir,
      }).catch((e: unknown) => e);
      expect((err as DeliveryRefusal).code).toBe("unsafe_llm_output");
      expect((err as Error).message).not.toContain("hunter2secret");
    }
  });

  it("keeps the token out of .git/config and out of errors", async () => {
    const sha = await fixCommit();
    await push(sha);
    const err = await pushSideBranch({
      baseSha: f.initial,
      dir: f.work,
      remoteUrl: `${f.url}-missing`,
      branch,
      sha,
      runId,
      hooksDir: f.hooksDir,
      token,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).not.toContain(token);
    expect(readFileSync(join(f.work, ".git", "config"), "utf8")).not.toContain(token);
    expect(readFileSync(join(f.work, ".git", "config"), "utf8")).not.toContain("extraHeader");
  });
});

describe("stampRunCommits", () => {
  let f: GitFixture;
  beforeEach(async () => {
    f = await createGitFixture();
  });
  afterEach(() => f.cleanup());

  it("authors the loop's commits as the App with Co-authored-by, deterministically", async () => {
    const base = await f.git(["rev-parse", "HEAD"]);
    await f.commit(
      { "src/app.js": "export const x = 2;\n" },
      `xihe: fix x\n\nXihe-Run: ${runId}\nXihe-Step: s1\n`,
    );
    const head = await f.commit(
      { "src/b.js": "export const b = 1;\n" },
      `xihe: add b\n\nXihe-Run: ${runId}\nXihe-Step: s2\n`,
    );
    const git = deliveryGit({ dir: f.work, hooksDir: f.hooksDir });
    const input = {
      base,
      head,
      runId,
      author: { name: "xihe[bot]", email: "1+xihe[bot]@users.noreply.github.com" },
      coAuthor: { login: "octocat", id: 583231, noreplyDomain: "users.noreply.github.com" },
    };
    const once = await stampRunCommits(git, input);
    expect(await stampRunCommits(git, input)).toEqual(once);
    expect(once.commits).toHaveLength(2);
    expect(await f.git(["rev-parse", `${once.head}^{tree}`])).toBe(
      await f.git(["rev-parse", `${head}^{tree}`]),
    );
    expect((await f.git(["log", "-1", "--format=%an <%ae>%n%B", once.head])).trimEnd()).toBe(
      `xihe[bot] <1+xihe[bot]@users.noreply.github.com>\nxihe: add b\n\nXihe-Run: ${runId}\nXihe-Step: s2\nCo-authored-by: octocat <583231+octocat@users.noreply.github.com>`,
    );
    expect(await f.git(["rev-parse", `${once.head}~2`])).toBe(base);
  });
});

describe("pushSideBranch over smart HTTP with a token", () => {
  let f: GitFixture;
  let server: SmartHttp;
  beforeEach(async () => {
    f = await createGitFixture();
    await f.git(["config", "http.receivepack", "true"], f.bare);
    server = await startSmartHttp(f.root, token);
  });
  afterEach(async () => {
    await server.close();
    f.cleanup();
  });

  it("authenticates with the token as an Authorization header only, and an A34 retry is a no-op", async () => {
    const sha = await f.commit(
      { "src/app.js": "export const x = 2;\n" },
      runCommitMessage({ subject: "fix x", runId }),
    );
    const input = {
      baseSha: f.initial,
      dir: f.work,
      remoteUrl: server.url("origin.git"),
      branch,
      sha,
      runId,
      hooksDir: f.hooksDir,
      token,
    };
    expect(await pushSideBranch(input)).toMatchObject({ pushed: true });
    expect(await pushSideBranch(input)).toMatchObject({ pushed: false, reason: "already_pushed" });
    expect(await f.remoteSha(branch)).toBe(sha);
    expect(server.seen.length).toBeGreaterThan(0);
    expect(server.seen.every((h) => h.startsWith("Basic "))).toBe(true);
    expect(readFileSync(join(f.work, ".git", "config"), "utf8")).not.toContain(token);
  });

  it("fails without echoing the token when the server rejects it", async () => {
    const sha = await f.commit(
      { "src/app.js": "export const x = 2;\n" },
      runCommitMessage({ subject: "fix x", runId }),
    );
    const wrong = `ghs_${"Wr0ngT0ken".repeat(4)}`;
    const err = await pushSideBranch({
      baseSha: f.initial,
      dir: f.work,
      remoteUrl: server.url("origin.git"),
      branch,
      sha,
      runId,
      hooksDir: f.hooksDir,
      token: wrong,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).not.toContain(wrong);
    expect(await f.remoteSha(branch)).toBeNull();
  });
});

describe("pushSideBranch scans before it pushes", () => {
  let f: GitFixture;
  beforeEach(async () => {
    f = await createGitFixture();
  });
  afterEach(() => f.cleanup());

  it("A22: a workflow change is refused and nothing reaches the remote", async () => {
    const sha = await f.commit(
      { ".github/workflows/ci.yml": "on: push\n" },
      runCommitMessage({ subject: "ci", runId }),
    );
    const err = await pushSideBranch({
      baseSha: f.initial,
      dir: f.work,
      remoteUrl: f.url,
      branch,
      sha,
      runId,
      hooksDir: f.hooksDir,
    }).catch((e: unknown) => e);
    expect((err as DeliveryRefusal).code).toBe("workflow_files_not_allowed");
    expect(await f.remoteSha(branch)).toBeNull();
  });

  it("A23: a secret is refused, not echoed, and nothing reaches the remote", async () => {
    const sha = await f.commit(
      { "src/key.js": `export const k = "${token}";\n` },
      runCommitMessage({ subject: "key", runId }),
    );
    const err = await pushSideBranch({
      baseSha: f.initial,
      dir: f.work,
      remoteUrl: f.url,
      branch,
      sha,
      runId,
      hooksDir: f.hooksDir,
    }).catch((e: unknown) => e);
    expect((err as DeliveryRefusal).code).toBe("secret_in_diff");
    expect((err as Error).message).toContain("src/key.js:1");
    expect((err as Error).message).not.toContain(token);
    expect(await f.remoteSha(branch)).toBeNull();
  });
});
