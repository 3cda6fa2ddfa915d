import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";
import { lines, makeRepo, type TestRepo } from "../make-repo.ts";
import { memberCallTarget } from "./index-shape.ts";

// Every base method name also exists on an unrelated class, so a unique-name guess cannot pass.
describe("a method a class inherits", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  beforeAll(async () => {
    repo = makeRepo({
      "cachetools/base.py": lines(
        "class Cache:",
        "    def get(self, key):",
        "        return self.lookup(key)",
        "",
        "    def lookup(self, key):",
        "        return key",
      ),
      "cachetools/lru.py": lines(
        "from typing import Generic",
        "from . import base",
        "",
        "",
        "class LRUCache(base.Cache, Generic[K], metaclass=Meta):",
        "    def lookup(self, key):",
        "        return super().lookup(key)",
        "",
        "    def touch(self, key):",
        "        return self.get(key)",
        "",
        "",
        "class TLRUCache(LRUCache):",
        "    pass",
      ),
      "cachetools/other.py": lines(
        "class Unrelated:",
        "    def get(self, key):",
        "        return 0",
        "",
        "    def lookup(self, key):",
        "        return 0",
      ),
      "tests/test_lru.py": lines(
        "from cachetools.lru import TLRUCache",
        "",
        "",
        "def test_get():",
        "    c = TLRUCache()",
        "    c.get(1)",
      ),
      "src/base.ts": lines(
        "export class Store<T> {",
        "  read(key: string): T | undefined { return undefined; }",
        "  static create(): Store<unknown> { return new Store(); }",
        "}",
      ),
      "src/memory.ts": lines(
        'import { Store } from "./base";',
        "export class MemoryStore<T> extends Store<T> implements Iterable<T> {",
        "  read(key: string): T | undefined { return super.read(key); }",
        "  [Symbol.iterator](): Iterator<T> { return [].values(); }",
        "}",
        "export class Unrelated {",
        "  read(key: string) { return key; }",
        "  static create() { return 1; }",
        "}",
      ),
      "test/memory.test.ts": lines(
        'import { MemoryStore } from "../src/memory";',
        'it("reads", () => {',
        "  const s = new MemoryStore<number>();",
        '  s.read("a");',
        "  MemoryStore.create();",
        "});",
      ),
      "lib/mixed.js": lines(
        'const { Base } = require("./missing");',
        "class FromOutside extends Base {",
        "  run() { super.run(); this.stop(); }",
        "}",
        "class Mixed extends mix(FromOutside) {",
        "  go() { this.run(); }",
        "}",
        "module.exports = { FromOutside, Mixed };",
      ),
      "lib/other.js": lines("class Other {", "  run() {}", "  stop() {}", "}", "module.exports = Other;"),
    });
    index = await buildIndex(repo.root);
  });
  afterAll(() => repo.cleanup());

  it("records a class's bases as written, without type or keyword arguments", () => {
    const bases = (q: string) => index.symbols.find((s) => s.qualifiedName === q)?.bases;
    expect(bases("LRUCache")).toEqual(["base.Cache", "Generic"]);
    expect(bases("TLRUCache")).toEqual(["LRUCache"]);
    expect(bases("MemoryStore")).toEqual(["Store"]);
    expect(bases("Mixed")).toBeUndefined();
    expect(bases("Cache")).toBeUndefined();
  });

  it("resolves self calls and calls on a constructed subclass to the nearest base that defines the method", () => {
    expect(memberCallTarget(index, "cachetools/lru.py", 10)).toBe("cachetools/base.py#Cache.get@2");
    expect(memberCallTarget(index, "tests/test_lru.py", 6)).toBe("cachetools/base.py#Cache.get@2");
    // Inside the base, self.lookup stays the base's own: the override is not known statically.
    expect(memberCallTarget(index, "cachetools/base.py", 3)).toBe("cachetools/base.py#Cache.lookup@5");
    expect(memberCallTarget(index, "src/memory.ts", 3)).toBe("src/base.ts#Store.read@2");
    expect(memberCallTarget(index, "test/memory.test.ts", 4)).toBe("src/memory.ts#MemoryStore.read@3");
    expect(memberCallTarget(index, "test/memory.test.ts", 5)).toBe("src/base.ts#Store.create@3");
  });

  it("sends super calls to the base, never to the calling class's own method", () => {
    expect(memberCallTarget(index, "cachetools/lru.py", 7)).toBe("cachetools/base.py#Cache.lookup@5");
    const superRun = index.calls.find((c) => c.file === "lib/mixed.js" && c.calleeName === "super.run");
    expect(superRun?.to).toBeNull();
  });

  it("leaves a call unresolved when the base is outside the repository or not a plain name", () => {
    expect(memberCallTarget(index, "lib/mixed.js", 3)).toBeNull();
    expect(index.calls.find((c) => c.file === "lib/mixed.js" && c.calleeName === "this.run")?.to).toBeNull();
  });
});
