// `git rm --cached f` keeps f on disk: `git diff BASE` calls it deleted and `ls-files --others`
// lists it again. explain --working-tree shows it once, as the edit against its base content.
import { describe, expect, it, afterEach } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import { diffHunks } from "../../../src/understanding/explain/diff-against-base.ts";
import { explainDiff } from "../../../src/understanding/explain/explain-diff.ts";
import { lines, makeRepo, type TestRepo } from "../make-repo.ts";

let repo: TestRepo | undefined;
afterEach(() => {
  repo?.cleanup();
  repo = undefined;
});

const area = (k: number) => lines("export function area(n) {", `  return n * ${k};`, "}", "");

describe("a file untracked with git rm --cached", () => {
  it("is one modification against its base blob, not a deletion plus an addition", async () => {
    repo = makeRepo({ "src/geo.js": area(2), "src/keep.js": "export const k = 1;\n" });
    const base = repo.git("rev-parse", "HEAD").trim();
    repo.git("rm", "-q", "--cached", "src/geo.js");
    repo.write("src/geo.js", area(3));
    const diffs = await diffHunks(repo.root, base, null);
    expect(diffs).toEqual([
      {
        oldPath: "src/geo.js",
        newPath: "src/geo.js",
        binary: false,
        hunks: [
          {
            oldStart: 2,
            oldCount: 1,
            newStart: 2,
            newCount: 1,
            lines: ["-  return n * 2;", "+  return n * 3;"],
          },
        ],
      },
    ]);
    const index = await buildIndex(repo.root, { cache: null });
    const result = await explainDiff({ root: repo.root, base, head: null, index });
    expect(result.files.map((f) => [f.path, f.status, f.added, f.removed])).toEqual([
      ["src/geo.js", "modified", 1, 1],
    ]);
    expect(result.symbols.map((s) => [s.qualifiedName, s.change])).toEqual([["area", "modified"]]);
  });

  it("is no change at all when its content is the base's", async () => {
    repo = makeRepo({ "src/geo.js": area(2) });
    const base = repo.git("rev-parse", "HEAD").trim();
    repo.git("rm", "-q", "--cached", "src/geo.js");
    expect(await diffHunks(repo.root, base, null)).toEqual([]);
  });

  it("is still a deletion when the file is gone from disk too", async () => {
    repo = makeRepo({ "src/geo.js": area(2), "src/keep.js": "export const k = 1;\n" });
    const base = repo.git("rev-parse", "HEAD").trim();
    repo.git("rm", "-q", "src/geo.js");
    expect((await diffHunks(repo.root, base, null)).map((d) => [d.oldPath, d.newPath])).toEqual([
      ["src/geo.js", null],
    ]);
  });
});
