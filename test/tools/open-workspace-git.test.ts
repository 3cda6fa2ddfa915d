import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openWorkspaceGit } from "../../src/tools/open-workspace-git.ts";
import { NewGitlinkError } from "../../src/tools/refuse-new-gitlinks.ts";
import { makeGitRepo, type TempRepo } from "./support/make-git-repo.ts";
import { scratchDir } from "../support/scratch-dir.ts";

let repo: TempRepo;
let scratch: string;
const savedEnv = { ...process.env };
beforeEach(() => {
  scratch = scratchDir("xihe-owg-");
  repo = makeGitRepo({ "a.txt": "one\n", "src/b.js": "export const b = 1;\n" });
});
afterEach(() => {
  process.env = { ...savedEnv };
  repo.cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

const marker = () => join(scratch, "marker");
const leakCommand = () => `sh -c 'env > ${marker()}; cat'`;
const markerText = () => (existsSync(marker()) ? readFileSync(marker(), "utf8") : "no marker");

/** Same size, new mtime: git must read the file again, through any clean filter. */
function touchLater(path: string): void {
  const later = new Date(Date.now() + 3600_000);
  utimesSync(path, later, later);
}

/** A repository at `dir` (inside the workspace) whose clean filter leaks the environment. */
function plantNestedRepo(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=x", "-c", "user.email=x@x", ...args], { cwd: dir });
  git("init", "-q");
  writeFileSync(join(dir, "f"), "hello\n");
  git("add", "f");
  git("commit", "-qm", "nested");
  git("config", "filter.leak.clean", leakCommand());
  writeFileSync(join(dir, ".gitattributes"), "* filter=leak\n");
  touchLater(join(dir, "f"));
}

describe("openWorkspaceGit", () => {
  it("A39: ignores the host's global git config: its excludes, untracked-files setting, attributes, filters and fsmonitor", async () => {
    const home = join(scratch, "home");
    mkdirSync(home);
    const fsmonitor = join(scratch, "fsmonitor.sh");
    writeFileSync(fsmonitor, `#!/bin/sh\ntouch ${marker()}-fsmonitor\n`);
    chmodSync(fsmonitor, 0o755);
    writeFileSync(join(scratch, "excludes"), "*.txt\nsrc/\n");
    writeFileSync(join(scratch, "attributes"), "* filter=leak\n");
    const config = [
      "[core]",
      `  excludesFile = ${join(scratch, "excludes")}`,
      `  attributesFile = ${join(scratch, "attributes")}`,
      `  fsmonitor = ${fsmonitor}`,
      "[status]",
      "  showUntrackedFiles = no",
      '[filter "leak"]',
      `  clean = ${leakCommand()}`,
      "",
    ].join("\n");
    writeFileSync(join(home, ".gitconfig"), config);
    writeFileSync(join(repo.root, "new.txt"), "untracked\n");
    writeFileSync(join(repo.root, "a.txt"), "two\n");
    touchLater(join(repo.root, "a.txt"));
    process.env.HOME = home;
    process.env.GIT_CONFIG_GLOBAL = join(home, ".gitconfig");
    process.env.XIHE_A39_SECRET = "sk-a39-host-secret";

    const git = openWorkspaceGit(repo.root);
    const pending = await git.pendingChanges();
    const commit = await git.commitAll("xihe: test");
    process.env = { ...savedEnv };

    expect(pending).toEqual([" M a.txt", "?? new.txt"]);
    expect(commit).not.toBeNull();
    expect(repo.git("show", "HEAD:a.txt")).toBe("two\n");
    expect(repo.git("log", "-1", "--format=%an <%ae>").trim()).toBe("xihe <xihe@users.noreply.github.com>");
    expect(markerText()).toBe("no marker");
    expect(existsSync(`${marker()}-fsmonitor`)).toBe(false);
  });

  it("A39: a filter the checkout's own config defines runs without any of the host's environment", async () => {
    repo.git("config", "filter.own.clean", leakCommand());
    writeFileSync(join(repo.root, ".gitattributes"), "*.txt filter=own\n");
    writeFileSync(join(repo.root, "a.txt"), "two\n");
    process.env.XIHE_A39_SECRET = "sk-a39-host-secret";

    await openWorkspaceGit(repo.root).commitAll("xihe: test");

    const env = markerText();
    expect(env).toMatch(/^HOME=\/dev\/null$/m);
    expect(env).not.toContain("sk-a39-host-secret");
    expect(env).not.toMatch(/^XIHE_/m);
  });

  it("A39: status, diff, diff --check and changed files never descend into a nested repository at a gitlink", async () => {
    const head = repo.git("rev-parse", "HEAD").trim();
    repo.git("update-index", "--add", "--cacheinfo", `160000,${head},vendor/lib`);
    repo.git("commit", "-qm", "gitlink");
    plantNestedRepo(join(repo.root, "vendor", "lib"));
    writeFileSync(join(repo.root, "a.txt"), "two\n");
    process.env.XIHE_A39_SECRET = "sk-a39-host-secret";

    const git = openWorkspaceGit(repo.root);
    expect(await git.pendingChanges()).toEqual([" M a.txt"]);
    expect(await git.diff(head)).toContain("+two");
    expect((await git.diffCheck(head)).ok).toBe(true);
    expect(await git.changedFiles(head)).toEqual(["a.txt"]);
    expect(markerText()).toBe("no marker");
  });

  it("A39: refuses to commit a gitlink the head did not have, naming it, and commits nothing", async () => {
    const head = repo.git("rev-parse", "HEAD").trim();
    plantNestedRepo(join(repo.root, "planted"));
    writeFileSync(join(repo.root, "a.txt"), "two\n");

    const git = openWorkspaceGit(repo.root);
    const refused = await git.commitAll("xihe: test").catch((err: unknown) => err);

    expect(refused).toBeInstanceOf(NewGitlinkError);
    expect(String(refused)).toMatch(
      /refusing to commit: planted is a nested repository .* Nothing was committed/,
    );
    expect(repo.git("rev-parse", "HEAD").trim()).toBe(head);
    expect(repo.git("ls-files", "-s", "planted")).toBe("");
    expect(markerText()).toBe("no marker");
  });

  it("A39: a .git file rewritten after the workspace was opened does not redirect host git", async () => {
    const outside = join(scratch, "real.git");
    const root = join(scratch, "checkout");
    execFileSync("git", ["init", "-q", "-b", "main", `--separate-git-dir=${outside}`, root]);
    writeFileSync(join(root, "a.txt"), "one\n");
    execFileSync(
      "git",
      ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "x", "--allow-empty"],
      {
        cwd: root,
      },
    );
    const realHead = execFileSync("git", ["rev-parse", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
    const git = openWorkspaceGit(root);
    // What a sandboxed command could do: point .git at a repository it planted in the work tree.
    plantNestedRepo(join(root, "evil"));
    writeFileSync(join(root, ".git"), "gitdir: evil/.git\n");

    expect(await git.head()).toBe(realHead);
    expect(await git.pendingChanges()).toContain("?? a.txt");
    expect(markerText()).toBe("no marker");
  });
});
