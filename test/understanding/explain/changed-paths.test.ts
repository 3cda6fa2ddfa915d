// The paths a diff touches, as `explain --coverage` selects test files by them: read NUL-separated
// from real git, so a non-ASCII or quoted-looking name is the file's own name, and the working tree's
// untracked files count as changes only when the working tree is what is explained.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { changedPaths } from "../../../src/understanding/explain/diff-files.ts";
import { makeScratchDir } from "../../support/scratch-dir.ts";

let scratch: ReturnType<typeof makeScratchDir> | undefined;
afterEach(() => scratch?.remove());

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.invalid", ...args], {
    cwd,
    encoding: "utf8",
  });

describe("changedPaths", () => {
  it("names non-ASCII and quote-bearing paths as they are, and untracked files only for the working tree", async () => {
    scratch = makeScratchDir("explain-changed-paths");
    const root = scratch.dir;
    mkdirSync(join(root, "src"));
    writeFileSync(join(root, "src/café.js"), "export const a = 1;\n");
    writeFileSync(join(root, 'src/say "hi".js'), "export const b = 1;\n");
    writeFileSync(join(root, ".gitignore"), "ignored.js\n");
    git(root, "init", "-q", "-b", "main");
    git(root, "add", "-A");
    git(root, "commit", "-qm", "init");
    const base = git(root, "rev-parse", "HEAD").trim();
    writeFileSync(join(root, "src/café.js"), "export const a = 2;\n");
    writeFileSync(join(root, 'src/say "hi".js'), "export const b = 2;\n");
    git(root, "commit", "-qam", "edit");
    const head = git(root, "rev-parse", "HEAD").trim();
    // git's own --name-only quotes both names (core.quotePath): "src/caf\303\251.js".
    expect(git(root, "diff", "--name-only", base, head)).toContain('"src/caf\\303\\251.js"');
    expect(await changedPaths(root, base, head)).toEqual(["src/café.js", 'src/say "hi".js']);

    writeFileSync(join(root, "src/new.test.js"), "test();\n");
    writeFileSync(join(root, "ignored.js"), "x\n");
    writeFileSync(join(root, "src/café.js"), "export const a = 3;\n");
    expect(await changedPaths(root, head, null)).toEqual(["src/café.js", "src/new.test.js"]);
    // A commit range never includes what is not committed.
    expect(await changedPaths(root, base, head)).toEqual(["src/café.js", 'src/say "hi".js']);
  });
});
