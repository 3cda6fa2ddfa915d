import { afterEach, describe, expect, it } from "vitest";
import { readFile } from "../../src/tools/read-file.ts";
import { searchCode } from "../../src/tools/search-code.ts";
import { listFiles } from "../../src/tools/list-files.ts";
import { gitDiff } from "../../src/tools/git-diff.ts";
import type { Tool } from "../../src/tools/define-tool.ts";
import { makeGitRepo, type TempRepo } from "./support/make-git-repo.ts";
import { toolContext } from "./support/tool-context.ts";

let repo: TempRepo;
afterEach(() => repo.cleanup());

async function run(tool: Tool, args: unknown, base: string) {
  const prepared = tool.prepare(args, ["read"]);
  if (!prepared.ok) throw new Error(prepared.message);
  return prepared.call.run(toolContext(repo.root, base));
}

describe("read tools", () => {
  it("read_file numbers a line range and says how to continue", async () => {
    repo = makeGitRepo({ "a.txt": "one\ntwo\nthree\nfour\n" });
    const base = repo.git("rev-parse", "HEAD").trim();
    const result = await run(readFile, { path: "a.txt", fromLine: 2, toLine: 3 }, base);
    expect(result.forModel).toBe(
      "a.txt (lines 2-3 of 5)\n    2| two\n    3| three\n… 2 more lines; call again with fromLine 4",
    );
  });

  it("list_files and search_code see new files but not ignored ones", async () => {
    repo = makeGitRepo({ ".gitignore": "dist/\n", "src/a.js": "const needle = 1;\n" });
    const base = repo.git("rev-parse", "HEAD").trim();
    repo.write("src/b.js", "// needle here\n");
    repo.write("dist/c.js", "needle\n");
    expect((await run(listFiles, { under: "src" }, base)).forModel.split("\n").sort()).toEqual([
      "src/a.js",
      "src/b.js",
    ]);
    const found = await run(searchCode, { query: "needle" }, base);
    expect(found.forModel.split("\n").sort()).toEqual([
      "src/a.js:1: const needle = 1;",
      "src/b.js:1: // needle here",
    ]);
  });

  it("git_diff shows committed and uncommitted changes since the run's base", async () => {
    repo = makeGitRepo({ "a.txt": "old\n" });
    const base = repo.git("rev-parse", "HEAD").trim();
    repo.write("a.txt", "new\n");
    repo.git("commit", "-qam", "step");
    repo.write("b.txt", "added\n");
    const diff = (await run(gitDiff, {}, base)).forModel;
    expect(diff).toContain("-old\n+new");
    expect(diff).toContain("+added");
  });
});
