// Untracked files are PR-controlled (A16): `explain --working-tree` must not follow a symlink to a
// FIFO (the read would block forever) or out of the repository (the target's content would reach
// the output), and must not read a file over the index's size limit. Real git, real links and FIFOs.
import { execFileSync } from "node:child_process";
import { rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import { defaultMaxFileBytes } from "../../../src/understanding/index/skip-rules.ts";
import { diffHunks } from "../../../src/understanding/explain/diff-against-base.ts";
import { explainDiff } from "../../../src/understanding/explain/explain-diff.ts";
import { makeRepo, type TestRepo } from "../make-repo.ts";
import { scratchDir } from "../../support/scratch-dir.ts";

let repo: TestRepo | undefined;
let outside: string | undefined;
afterEach(() => {
  repo?.cleanup();
  if (outside) rmSync(outside, { recursive: true, force: true });
  repo = outside = undefined;
});

const base = (r: TestRepo) => r.git("rev-parse", "HEAD").trim();

describe("untracked files in --working-tree", () => {
  it("shows a symlink to a FIFO as git does (its target text) without opening the FIFO", async () => {
    repo = makeRepo({ "a.js": "export const a = 1;\n" });
    execFileSync("mkfifo", [join(repo.root, "pipe")]);
    symlinkSync("pipe", join(repo.root, "to-pipe"));
    // Before the fix this read blocked on the FIFO and the test timed out.
    const diffs = await diffHunks(repo.root, base(repo), null);
    const link = diffs.find((d) => d.newPath === "to-pipe");
    expect(link).toMatchObject({ oldPath: null, binary: false });
    expect(link?.hunks.flatMap((h) => h.lines)).toEqual(["+pipe"]);
  }, 10_000);

  it("shows a symlink out of the repository as its target text, never the target's content", async () => {
    repo = makeRepo({ "a.js": "export const a = 1;\n" });
    outside = scratchDir("xihe-outside-");
    const secret = join(outside, "secret.js");
    writeFileSync(secret, "export const token = 'CANARY-not-for-output';\n");
    symlinkSync(secret, join(repo.root, "leak.js"));
    const diffs = await diffHunks(repo.root, base(repo), null);
    expect(diffs.find((d) => d.newPath === "leak.js")?.hunks.flatMap((h) => h.lines)).toEqual([`+${secret}`]);
    const index = await buildIndex(repo.root, { cache: null });
    const result = await explainDiff({ root: repo.root, base: base(repo), head: null, index });
    expect(result.files.map((f) => [f.path, f.status, f.added])).toEqual([["leak.js", "added", 1]]);
    expect(JSON.stringify(result)).not.toContain("CANARY");
  });

  it("lists a file over the index's size limit as too large, with no lines", async () => {
    repo = makeRepo({ "a.js": "export const a = 1;\n" });
    repo.write("big.js", "x = 1;\n".repeat(Math.ceil(defaultMaxFileBytes / 7) + 10));
    repo.write("small.js", "y = 1;\n");
    const diffs = await diffHunks(repo.root, base(repo), null);
    expect(diffs.find((d) => d.newPath === "big.js")).toEqual({
      oldPath: null,
      newPath: "big.js",
      hunks: [],
      binary: false,
      skipped: "too_large",
    });
    expect(diffs.find((d) => d.newPath === "small.js")?.hunks[0]?.lines).toEqual(["+y = 1;"]);
    const index = await buildIndex(repo.root, { cache: null });
    const result = await explainDiff({ root: repo.root, base: base(repo), head: null, index });
    expect(result.files.find((f) => f.path === "big.js")?.skipped).toBe("too_large");
  });
});
