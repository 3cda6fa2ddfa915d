import { rmSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import { extractorVersion } from "../../../src/understanding/index/extractor-version.ts";
import { openIndexCache, type IndexCache } from "../../../src/understanding/index/index-cache.ts";
import { lines, makeRepo, type TestRepo } from "../make-repo.ts";
import { scratchDir } from "../../support/scratch-dir.ts";

describe("incremental indexing with the blob-SHA cache", () => {
  let repo: TestRepo;
  let cacheDir: string;
  beforeEach(() => {
    repo = makeRepo({
      "a.ts": lines("export function a() { return b(); }"),
      "b.ts": lines("export function b() { return 1; }"),
      "c.py": lines("def c():", "    return 2"),
      "same/a-copy.ts": lines("export function a() { return b(); }"),
    });
    cacheDir = scratchDir("xihe-cache-");
  });
  afterEach(() => {
    repo.cleanup();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it("parses identical content once and nothing on a rebuild from the cache file", async () => {
    const cachePath = join(cacheDir, "cache.sqlite");
    const cold = await buildIndex(repo.root, { cache: cachePath });
    expect(cold.stats?.parsedPaths).toEqual(["a.ts", "b.ts", "c.py"]);
    expect(cold.files.map((f) => f.path)).toEqual(["a.ts", "b.ts", "c.py", "same/a-copy.ts"]);
    const warm = await buildIndex(repo.root, { cache: cachePath });
    expect(warm.stats).toMatchObject({ parsedFiles: 0, cacheHits: 4, noChange: false });
    expect(warm.symbols).toEqual(cold.symbols);
    expect(warm.calls).toEqual(cold.calls);
  });

  it("re-parses only the files a commit changed, and sees uncommitted and untracked files", async () => {
    const cache: IndexCache = openIndexCache(join(cacheDir, "cache.sqlite"), extractorVersion());
    try {
      await buildIndex(repo.root, { cache });
      repo.write("b.ts", lines("export function b() { return 2; }", "export function b2() {}"));
      repo.commitAll("change b");
      const afterCommit = await buildIndex(repo.root, { cache });
      expect(afterCommit.stats?.parsedPaths).toEqual(["b.ts"]);
      expect(afterCommit.symbols.filter((s) => s.file === "b.ts").map((s) => s.name)).toEqual(["b", "b2"]);

      repo.write("c.py", lines("def c():", "    return 3", "def d():", "    pass"));
      repo.write("new.ts", lines("export const n = () => a();"));
      const dirty = await buildIndex(repo.root, { cache });
      expect(dirty.stats?.parsedPaths).toEqual(["c.py", "new.ts"]);
      expect(dirty.calls.find((c) => c.file === "new.ts")?.to).toBe("a.ts#a@1");

      const again = await buildIndex(repo.root, { cache });
      expect(again.stats).toMatchObject({ noChange: true, parsedFiles: 0 });
      expect(again.symbols).toBe(dirty.symbols);

      repo.git("rm", "-q", "--cached", "same/a-copy.ts");
      repo.write(".gitignore", "same/\n");
      const removed = await buildIndex(repo.root, { cache });
      expect(removed.files.map((f) => f.path)).toEqual(["a.ts", "b.ts", "c.py", "new.ts"]);
      expect(removed.stats?.parsedFiles).toBe(0);
    } finally {
      cache.close();
    }
  });

  it("re-resolves calls elsewhere when a changed file adds, moves or removes a definition", async () => {
    const cache: IndexCache = openIndexCache(null, extractorVersion());
    const fromScratch = () => buildIndex(repo.root, { cache: null });
    const same = async () => {
      const incremental = await buildIndex(repo.root, { cache });
      const full = await fromScratch();
      expect(incremental.calls).toEqual(full.calls);
      expect(incremental.symbols).toEqual(full.symbols);
      expect(incremental.imports).toEqual(full.imports);
      return incremental;
    };
    try {
      await buildIndex(repo.root, { cache });
      repo.write("b.ts", lines("// moved down a line", "export function b() { return 1; }"));
      const moved = await same();
      expect(moved.stats?.parsedPaths).toEqual(["b.ts"]);
      expect(moved.calls.find((c) => c.file === "a.ts")?.to).toBe("b.ts#b@2");
      repo.write("b.ts", lines("export function notB() { return 1; }"));
      expect((await same()).calls.find((c) => c.file === "a.ts")?.to).toBeNull();
      repo.write("c.py", lines("def c():", "    return 2", "def b():", "    return 0"));
      expect((await same()).calls.find((c) => c.file === "a.ts")?.to).toBe("c.py#b@3");
    } finally {
      cache.close();
    }
  });

  it("re-resolves calls in unchanged files when a class's bases change", async () => {
    repo.write("base.py", lines("class Base:", "    def run(self):", "        return 1"));
    repo.write("other.py", lines("class Other:", "    def run(self):", "        return 2"));
    repo.write("sub.py", lines("from base import Base", "", "", "class Sub(Base):", "    pass"));
    repo.write("use.py", lines("from sub import Sub", "", "", "def go():", "    s = Sub()", "    s.run()"));
    const cache: IndexCache = openIndexCache(null, extractorVersion());
    const runTarget = async () => {
      const incremental = await buildIndex(repo.root, { cache });
      const full = await buildIndex(repo.root, { cache: null });
      expect(incremental.calls).toEqual(full.calls);
      return incremental.calls.find((c) => c.file === "use.py" && c.calleeName === "s.run")?.to;
    };
    try {
      expect(await runTarget()).toBe("base.py#Base.run@2");
      repo.write("sub.py", lines("from other import Other", "", "", "class Sub(Other):", "    pass"));
      expect(await runTarget()).toBe("other.py#Other.run@2");
    } finally {
      cache.close();
    }
  });

  it("relists from file stats while .git/index is unchanged, and still sees edits, new, deleted and newly ignored files", async () => {
    const hourAgo = new Date(Date.now() - 3600_000);
    const age = (path: string, when = hourAgo) => utimesSync(join(repo.root, path), when, when);
    for (const f of ["a.ts", "b.ts", "c.py", "same/a-copy.ts"]) age(f);
    const cache: IndexCache = openIndexCache(null, extractorVersion());
    try {
      await buildIndex(repo.root, { cache });
      repo.write("b.ts", lines("export function b() { return 3; }", "export function b3() {}"));
      age("b.ts", new Date(Date.now() - 1800_000));
      // No git process may run on this path: with git off PATH a git call would fail the build.
      const path = process.env["PATH"];
      process.env["PATH"] = "";
      const edited = await buildIndex(repo.root, { cache }).finally(() => (process.env["PATH"] = path));
      expect(edited.stats?.parsedPaths).toEqual(["b.ts"]);
      expect(edited.symbols.filter((s) => s.file === "b.ts").map((s) => s.name)).toEqual(["b", "b3"]);

      repo.write("same/new.ts", lines("export const n2 = 1;"));
      expect((await buildIndex(repo.root, { cache })).files.map((f) => f.path)).toContain("same/new.ts");
      rmSync(join(repo.root, "same/a-copy.ts"));
      expect((await buildIndex(repo.root, { cache })).files.map((f) => f.path)).not.toContain(
        "same/a-copy.ts",
      );
      repo.write(".gitignore", "same/\n");
      expect((await buildIndex(repo.root, { cache })).files.map((f) => f.path)).toEqual([
        "a.ts",
        "b.ts",
        "c.py",
      ]);
    } finally {
      cache.close();
    }
  });

  it("re-hashes a file modified during the listing until its stat is old enough to trust", async () => {
    const cache: IndexCache = openIndexCache(null, extractorVersion());
    let clock = Date.now();
    try {
      await buildIndex(repo.root, { cache, wallClockMs: () => clock });
      // Same size, and an mtime the snapshot may already have seen: only re-hashing finds it.
      repo.write("b.ts", lines("export function b() { return 9; }"));
      const seen = await buildIndex(repo.root, { cache, wallClockMs: () => clock });
      expect(seen.stats?.parsedPaths).toEqual(["b.ts"]);
      clock += 10_000;
      const later = await buildIndex(repo.root, { cache, wallClockMs: () => clock });
      expect(later.stats?.noChange).toBe(true);
    } finally {
      cache.close();
    }
  });

  it("stores its cache under .xihe by default and never indexes it", async () => {
    await buildIndex(repo.root);
    const second = await buildIndex(repo.root);
    expect(second.stats?.parsedFiles).toBe(0);
    expect(second.skipped.some((s) => s.path.startsWith(".xihe/"))).toBe(false);
  });

  it("parses on a worker thread and gets the same index as on this thread", async () => {
    const inline = await buildIndex(repo.root, { cache: null, workers: 0 });
    const threaded = await buildIndex(repo.root, { cache: null, workers: 1, minFilesForWorkers: 1 });
    expect(threaded.stats?.parsedFiles).toBe(3);
    expect(threaded.symbols).toEqual(inline.symbols);
    expect(threaded.calls).toEqual(inline.calls);
  });
});
