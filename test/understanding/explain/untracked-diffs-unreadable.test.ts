// An untracked file that cannot be read (permissions, or swapped for a link out of the repository
// between listing and reading) is listed as unreadable, not dropped without a word. Tests run as
// root in CI, where permissions never refuse a read, so the read itself is made to fail.
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeRepo, type TestRepo } from "../make-repo.ts";
import { untrackedDiffs, untrackedPaths } from "../../../src/understanding/explain/untracked-diffs.ts";

vi.mock("../../../src/workspace/read-workspace-file.ts", () => ({
  readWorkspaceFile: (_root: string, path: string) => {
    if (path === "locked.js") throw Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" });
    return { kind: "file", bytes: Buffer.from("ok\n") };
  },
}));

let repo: TestRepo | undefined;
afterEach(() => {
  repo?.cleanup();
  repo = undefined;
});

describe("an untracked file that cannot be read", () => {
  it("is listed as skipped (unreadable) beside the files that were read", async () => {
    repo = makeRepo({ "a.js": "a\n" });
    repo.write("locked.js", "secret\n");
    repo.write("open.js", "ok\n");
    expect(await untrackedDiffs(repo.root, await untrackedPaths(repo.root))).toEqual([
      { oldPath: null, newPath: "locked.js", hunks: [], binary: false, skipped: "unreadable" },
      {
        oldPath: null,
        newPath: "open.js",
        hunks: [{ oldStart: 0, oldCount: 0, newStart: 1, newCount: 1, lines: ["+ok"] }],
        binary: false,
      },
    ]);
  });
});
