import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanupSideBranches } from "../../src/delivery/cleanup-side-branches.ts";
import { runCommitMessage } from "../../src/delivery/run-commit-message.ts";
import { createGitFixture, type GitFixture } from "./git-fixture.ts";

describe("cleanupSideBranches", () => {
  let f: GitFixture;
  beforeEach(async () => {
    f = await createGitFixture();
  });
  afterEach(() => f.cleanup());

  async function branch(name: string, message: string): Promise<string> {
    await f.git(["switch", "--quiet", "--detach", "main"]);
    const sha = await f.commit({ [`${name.replace(/\//g, "-")}.txt`]: `${name}\n` }, message);
    await f.git(["push", "--quiet", "origin", `${sha}:refs/heads/${name}`]);
    return sha;
  }

  it("deletes only Xihe's side branches of closed PRs", async () => {
    const ours = await branch("xihe/fix/12-ra", runCommitMessage({ subject: "fix", runId: "ra" }));
    await branch("xihe/fix/12-rb", "a person reused the name");
    await branch("xihe/fix/13-rc", runCommitMessage({ subject: "fix", runId: "rc" }));
    await branch("xihe/fix/120-rd", runCommitMessage({ subject: "fix", runId: "rd" }));
    const out = await cleanupSideBranches({
      dir: f.work,
      hooksDir: f.hooksDir,
      remoteUrl: f.url,
      closedPullNumbers: [12],
    });
    expect(out.deleted).toEqual([{ branch: "xihe/fix/12-ra", sha: ours }]);
    expect(out.kept).toEqual([
      { branch: "xihe/fix/12-rb", reason: "its tip is not a Xihe commit, so a person may be using it" },
    ]);
    expect(await f.remoteSha("xihe/fix/12-ra")).toBeNull();
    expect(await f.remoteSha("xihe/fix/12-rb")).not.toBeNull();
    expect(await f.remoteSha("xihe/fix/13-rc")).not.toBeNull();
    expect(await f.remoteSha("xihe/fix/120-rd")).not.toBeNull();
    expect(await f.remoteSha("main")).not.toBeNull();
  });

  it("does nothing when no PR is closed, and a second cleanup finds nothing left", async () => {
    await branch("xihe/fix/5-ra", runCommitMessage({ subject: "fix", runId: "ra" }));
    expect(
      await cleanupSideBranches({
        dir: f.work,
        hooksDir: f.hooksDir,
        remoteUrl: f.url,
        closedPullNumbers: [],
      }),
    ).toEqual({ deleted: [], kept: [] });
    await cleanupSideBranches({
      dir: f.work,
      hooksDir: f.hooksDir,
      remoteUrl: f.url,
      closedPullNumbers: [5],
    });
    expect(
      await cleanupSideBranches({
        dir: f.work,
        hooksDir: f.hooksDir,
        remoteUrl: f.url,
        closedPullNumbers: [5],
      }),
    ).toEqual({ deleted: [], kept: [] });
  });
});
