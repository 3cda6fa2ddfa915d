import { afterEach, describe, expect, it } from "vitest";
import { main } from "../../src/cli.ts";
import type { CliIo } from "../../src/cli/cli-io.ts";
import { lines, makeRepo, type TestRepo } from "../understanding/make-repo.ts";

function fakeIo(cwd: string) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    readStdin: () => Promise.resolve(""),
    env: {},
    cwd,
    isTTY: false,
  };
  return { io, out: () => out.join(""), err: () => err.join("") };
}

describe("xihe index", () => {
  let repo: TestRepo | null = null;
  afterEach(() => repo?.cleanup());

  const files = {
    "src/a.ts": lines('import { b } from "./b";', "export function a() {", "  return b();", "}"),
    "src/b.ts": lines("export function b() {", "  return 1;", "}"),
    "src/b.test.ts": lines('import { b } from "./b";', 'it("b", () => b());'),
    "README.md": lines("# demo"),
    "vendor/x.js": lines("module.exports = 1;"),
    ".github/xihe.yml": lines("understanding:", "  ignore: ['src/gen/**']"),
    "src/gen/out.ts": lines("export const g = 1;"),
  };

  it("prints files, symbols, imports, edges, skipped files and cache use as JSON", async () => {
    repo = makeRepo(files);
    const first = fakeIo(repo.root);
    expect(await main(["index", "--json"], first.io)).toBe(0);
    const summary = JSON.parse(first.out()) as Record<string, unknown>;
    expect(summary).toMatchObject({
      files: 3,
      testFiles: 1,
      languages: { typescript: 3 },
      symbols: 3,
      imports: { total: 2, resolved: 2 },
      edges: { total: 3, resolved: 2 },
      skippedByReason: { ignored: 1, unsupported_language: 2, vendored: 1 },
      parsedFiles: 3,
      cacheHits: 0,
    });
    expect(summary["skipped"]).toEqual([
      { path: ".github/xihe.yml", reason: "unsupported_language" },
      { path: "README.md", reason: "unsupported_language" },
      { path: "src/gen/out.ts", reason: "ignored" },
      { path: "vendor/x.js", reason: "vendored" },
    ]);
    const second = fakeIo(repo.root);
    expect(await main(["index", "--json", "--repo", "."], second.io)).toBe(0);
    expect(JSON.parse(second.out())).toMatchObject({ parsedFiles: 0, cacheHits: 3 });
  });

  it("prints a readable summary listing skipped files with their reasons", async () => {
    repo = makeRepo(files);
    const run = fakeIo("/");
    expect(await main(["index", "--repo", repo.root, "--no-cache"], run.io)).toBe(0);
    const text = run.out();
    expect(text).toContain("files     3 (1 test files; typescript 3)");
    expect(text).toContain("edges     3 call sites (2 resolved to a symbol)");
    expect(text).toContain("  vendor/x.js: vendored");
    expect(text).toContain("  src/gen/out.ts: ignored");
    expect(text).not.toContain("README.md");
    expect(text).toMatch(/time {6}\d+ ms \(3 parsed, 0 from cache\)/);
  });

  it("exits 2 with a clear message for a missing directory or a bad worker count", async () => {
    const missing = fakeIo("/");
    expect(await main(["index", "--repo", "/nonexistent/xihe-repo"], missing.io)).toBe(2);
    expect(missing.err()).toContain("--repo must be a directory");
    repo = makeRepo(files);
    const bad = fakeIo(repo.root);
    expect(await main(["index", "--workers", "two"], bad.io)).toBe(2);
    expect(bad.err()).toContain("--workers must be a whole number >= 0; got two");
  });
});
