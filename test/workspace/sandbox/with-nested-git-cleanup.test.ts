import { execFileSync } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeScratchDir } from "../../support/scratch-dir.ts";
import { runSandboxFor } from "./run-sandbox.ts";

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd, encoding: "utf8" });

describe("sandboxed commands leave no nested repository behind", () => {
  let scratch: ReturnType<typeof makeScratchDir>;
  let root: string;
  beforeEach(() => {
    scratch = makeScratchDir("nested-git");
    root = join(scratch.dir, "ws");
    mkdirSync(root);
  });
  afterEach(() => scratch.remove());

  it("A39: removes every .git a command left below the top level, in hidden and unreadable places too, and keeps the workspace's own .git, nested repositories that were there before and whatever a symlink points at", async () => {
    git(root, "init", "-q");
    git(join(root), "commit", "-q", "--allow-empty", "-m", "x");
    mkdirSync(join(root, "keep"));
    git(join(root, "keep"), "init", "-q");
    const outside = join(scratch.dir, "outside");
    mkdirSync(join(outside, ".git"), { recursive: true });
    symlinkSync(outside, join(root, "link"));
    const sandbox = runSandboxFor(root);

    const result = await sandbox.run([
      "sh",
      "-c",
      [
        "git init -q a/b/c",
        "mkdir -p node_modules/x && git init -q node_modules/x",
        "mkdir -p d && echo 'gitdir: /elsewhere' > d/.git",
        "mkdir -p e && ln -s /tmp e/.git",
        "git init -q h/i && chmod 000 h",
      ].join(" && "),
    ]);

    expect(result.exitCode, result.stderr).toBe(0);
    for (const planted of ["a/b/c/.git", "node_modules/x/.git", "d/.git", "e/.git", "h/i/.git"])
      expect(lstatSync(join(root, planted), { throwIfNoEntry: false }), planted).toBeUndefined();
    expect(existsSync(join(root, "a/b/c"))).toBe(true);
    expect(existsSync(join(root, ".git", "HEAD"))).toBe(true);
    expect(existsSync(join(root, "keep", ".git", "HEAD"))).toBe(true);
    expect(existsSync(join(outside, ".git"))).toBe(true);
  });

  it("A39: puts back a top-level .git file (a linked worktree) a command pointed at a planted repository", async () => {
    execFileSync("git", ["init", "-q", `--separate-git-dir=${join(scratch.dir, "real.git")}`, root]);
    const pointer = readFileSync(join(root, ".git"), "utf8");
    const sandbox = runSandboxFor(root);

    await sandbox.run(["sh", "-c", "git init -q evil && echo 'gitdir: evil/.git' > .git"]);

    expect(readFileSync(join(root, ".git"), "utf8")).toBe(pointer);
    expect(existsSync(join(root, "evil", ".git"))).toBe(false);
  });

  it("keeps the command's own result when nothing was planted", async () => {
    writeFileSync(join(root, "a.txt"), "x\n");
    const result = await runSandboxFor(root).run(["cat", "a.txt"]);
    expect(result).toMatchObject({ exitCode: 0, stdout: "x\n" });
  });
});
