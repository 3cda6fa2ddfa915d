// The localize benches' snapshots (bench/snapshot-tracked.ts), with real git: a tracked file that the
// repository's own .gitignore matches is put back, so the snapshot's tree is the commit's plus the
// mutation; a tracked file the install rewrote is not.
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addMissingTracked, mirrorGitDir } from "../../bench/snapshot-tracked.ts";
import { scratchDir } from "../support/scratch-dir.ts";

const identity = ["-c", "user.name=t", "-c", "user.email=t@example.invalid"];
const git = async (dir: string, ...args: string[]) =>
  (await execa("git", ["-C", dir, ...identity, ...args])).stdout;

let root: string;
beforeEach(() => {
  root = scratchDir("snapshot-tracked-");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** An upstream repository whose .gitignore (`core.js`, meant for a bundle) matches tracked files. */
async function upstream(): Promise<{ gitDir: string; commit: string }> {
  const up = join(root, "mirrors", "owner+name", "repo");
  mkdirSync(join(up, "src"), { recursive: true });
  writeFileSync(join(up, ".gitignore"), "core.js\npackage-lock.json\nlinked\n");
  writeFileSync(join(up, "src", "core.js"), "export const core = 1;\n");
  writeFileSync(join(up, "src", "util.js"), "export const util = 2;\n");
  writeFileSync(join(up, "src", "[x].js"), "export const odd = 3;\n");
  writeFileSync(join(up, "package-lock.json"), "{}\n");
  symlinkSync("missing-target", join(up, "linked"));
  await execa("git", ["init", "-q", up]);
  await git(up, "add", "-A", "-f");
  await git(up, "commit", "-qm", "upstream");
  return { gitDir: join(up, ".git"), commit: await git(up, "rev-parse", "HEAD") };
}

/** What prepare.sh does with PREPARE_GIT=1 (then an install that rewrites package-lock.json). */
async function snapshot(gitDir: string, commit: string): Promise<string> {
  const dir = join(root, "checkout");
  const index = join(root, "index");
  const env = { GIT_INDEX_FILE: index };
  await execa("git", ["--git-dir", gitDir, "read-tree", commit], { env });
  await execa("git", ["--git-dir", gitDir, "checkout-index", "-a", "-f", `--prefix=${dir}/`], { env });
  writeFileSync(join(dir, "src", "core.js"), "export const core = 0;\n"); // the task's mutation
  await execa("git", ["init", "-q", dir]);
  await git(dir, "add", "-A");
  await git(dir, "commit", "-qm", "snapshot");
  writeFileSync(join(dir, "package-lock.json"), '{"installed":true}\n');
  return dir;
}

describe("addMissingTracked", () => {
  it("adds the tracked files .gitignore dropped and amends the one snapshot commit", async () => {
    const { gitDir, commit } = await upstream();
    const dir = await snapshot(gitDir, commit);
    expect(await git(dir, "ls-files")).not.toContain("src/core.js");

    const mended = await addMissingTracked(dir, gitDir, commit, "src/core.js");

    expect(mended.added.sort()).toEqual(["linked", "src/core.js"]);
    expect(mended.changed).toEqual(["package-lock.json"]);
    expect((await git(dir, "ls-tree", "-r", "--name-only", "HEAD")).split("\n").sort()).toEqual([
      ".gitignore",
      "linked",
      "src/[x].js",
      "src/core.js",
      "src/util.js",
    ]);
    // the mutation is what the snapshot holds, the link is a link, and there is still one commit
    expect(await git(dir, "show", "HEAD:src/core.js")).toBe("export const core = 0;");
    expect(await git(dir, "ls-tree", "HEAD", "linked")).toMatch(/^120000 blob /);
    expect(await git(dir, "rev-list", "--count", "HEAD")).toBe("1");
    expect(await git(dir, "status", "--porcelain")).toBe("");
    expect(readFileSync(join(dir, "package-lock.json"), "utf8")).toContain("installed");
  });

  it("leaves a complete snapshot as it was", async () => {
    const { gitDir, commit } = await upstream();
    const dir = await snapshot(gitDir, commit);
    await addMissingTracked(dir, gitDir, commit, "src/core.js");
    const head = await git(dir, "rev-parse", "HEAD");

    expect(await addMissingTracked(dir, gitDir, commit, "src/core.js")).toEqual({
      added: [],
      changed: ["package-lock.json"],
    });
    expect(await git(dir, "rev-parse", "HEAD")).toBe(head);
  });
});

describe("addMissingTracked with a newline in a path", () => {
  it("hashes such a path on its own, so the files listed after it are still compared rightly", async () => {
    const up = join(root, "up");
    mkdirSync(up);
    writeFileSync(join(up, ".gitignore"), "*.gen.js\n");
    writeFileSync(join(up, "a\nb.gen.js"), "export const a = 1;\n");
    writeFileSync(join(up, "c.gen.js"), "export const c = 2;\n");
    await execa("git", ["init", "-q", up]);
    await git(up, "add", "-A", "-f");
    await git(up, "commit", "-qm", "upstream");
    const commit = await git(up, "rev-parse", "HEAD");
    const dir = join(root, "checkout");
    await execa("git", ["clone", "-q", up, dir]);
    await execa("rm", ["-rf", join(dir, ".git")]);
    await execa("git", ["init", "-q", dir]);
    await git(dir, "add", "-A");
    await git(dir, "commit", "-qm", "snapshot");
    expect(await git(dir, "ls-files")).toBe(".gitignore");

    const mended = await addMissingTracked(dir, join(up, ".git"), commit, "none");

    expect(mended).toEqual({ added: ["a\nb.gen.js", "c.gen.js"], changed: [] });
  });
});

describe("mirrorGitDir", () => {
  it("finds a clone's git directory under OWNER+NAME/repo, and nothing for an absent repository", async () => {
    const { gitDir } = await upstream();
    expect(mirrorGitDir(join(root, "mirrors"), "owner/name")).toBe(gitDir);
    expect(mirrorGitDir(join(root, "mirrors"), "other/name")).toBeNull();
  });
});
