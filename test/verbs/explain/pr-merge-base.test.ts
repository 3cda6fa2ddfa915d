import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { prMergeBase } from "../../../src/verbs/explain/pr-merge-base.ts";
import { scratchDir } from "../../support/scratch-dir.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", ["-c", "user.name=dev", "-c", "user.email=dev@example.invalid", ...args], {
    cwd,
    encoding: "utf8",
  }).trim();
}

/** master: A - B; changes: branched at A, then C. The merge base of changes and master is A. */
function remote() {
  const root = scratchDir("xihe-merge-base-");
  dirs.push(root);
  const work = join(root, "work");
  mkdirSync(work);
  const commit = (file: string, message: string) => {
    writeFileSync(join(work, file), `${message}\n`);
    git(work, "add", file);
    git(work, "commit", "-qm", message);
    return git(work, "rev-parse", "HEAD");
  };
  git(work, "init", "-q", "-b", "master");
  const a = commit("a.txt", "A");
  git(work, "checkout", "-qb", "changes");
  commit("c.txt", "C");
  git(work, "checkout", "-q", "master");
  commit("b.txt", "B");
  const bare = join(root, "r.git");
  execFileSync("git", ["clone", "-q", "--bare", work, bare]);
  const hooksDir = join(root, "hooks");
  mkdirSync(hooksDir);
  return { root, bare, a, hooksDir };
}

describe("prMergeBase", () => {
  it("fetches the base branch when the workspace lacks it and returns the merge base, not the branch tip", async () => {
    const r = remote();
    const ws = join(r.root, "ws");
    execFileSync("git", ["clone", "-q", "--single-branch", "-b", "changes", r.bare, ws]);
    expect(() => git(ws, "rev-parse", "--verify", "refs/remotes/origin/master")).toThrow();
    const base = await prMergeBase({
      dir: ws,
      baseRef: "master",
      cloneUrl: `file://${r.bare}`,
      token: "unused-for-file-remotes",
      hooksDir: r.hooksDir,
    });
    expect(base).toBe(r.a);
  });

  it("refuses a base ref that is not a branch name", async () => {
    const r = remote();
    await expect(
      prMergeBase({
        dir: r.root,
        baseRef: "--upload-pack=x",
        cloneUrl: "file:///x",
        token: "t",
        hooksDir: r.hooksDir,
      }),
    ).rejects.toThrow(/invalid_ref/);
  });
});
