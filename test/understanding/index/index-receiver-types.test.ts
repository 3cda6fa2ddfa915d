import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";
import { lines, makeRepo, type TestRepo } from "../make-repo.ts";
import { memberCallTarget } from "./index-shape.ts";

// Two classes share every method name, so only the constructed class can decide the target.
describe("a call through a variable the function constructed", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  beforeAll(async () => {
    repo = makeRepo({
      "lib/caches.js": lines(
        "class LruCache {",
        "  get(key) { return key; }",
        "}",
        "class TtlCache {",
        "  get(key) { return key; }",
        "}",
        "module.exports = { LruCache, TtlCache };",
      ),
      "test/caches.test.js": lines(
        'const { LruCache, TtlCache } = require("../lib/caches");',
        'describe("caches", () => {',
        "  let shared;",
        "  beforeEach(() => { shared = new TtlCache(); });",
        '  it("reads", () => {',
        "    const lru = new LruCache();",
        "    lru.get(1);",
        "    shared.get(2);",
        "    let either = new LruCache();",
        "    either = new TtlCache();",
        "    either.get(3);",
        "  });",
        "});",
      ),
      "lib/negotiator.js": lines(
        "function Negotiator(request) { this.request = request; }",
        "Negotiator.prototype.charset = function charset() { return 1; };",
        "module.exports = Negotiator;",
      ),
      "lib/other.js": lines("class Other {", "  charset() { return 2; }", "}", "module.exports = Other;"),
      "test/negotiator.test.js": lines(
        'const Negotiator = require("../lib/negotiator");',
        'describe("charset", () => {',
        "  before(function () { this.negotiator = new Negotiator({}); });",
        '  it("picks", function () { this.negotiator.charset(); });',
        "});",
      ),
      "cachetools/__init__.py": lines(
        "class LRUCache:",
        "    def get(self, key):",
        "        return key",
        "",
        "",
        "class TTLCache:",
        "    def get(self, key):",
        "        return key",
      ),
      "tests/test_caches.py": lines(
        "import cachetools",
        "from cachetools import LRUCache, TTLCache",
        "",
        "",
        "def test_get():",
        "    c = LRUCache()",
        "    c.get(1)",
        "    t = cachetools.TTLCache()",
        "    t.get(2)",
        "    d = LRUCache()",
        "    d = TTLCache()",
        "    d.get(3)",
        "",
        "",
        "def test_parameter(c):",
        "    c.get(4)",
      ),
    });
    index = await buildIndex(repo.root, { cache: null });
  });
  afterAll(() => repo.cleanup());

  it("resolves JavaScript `x = new C(); x.m()` to C.m, also when assigned in an enclosing scope", () => {
    expect(memberCallTarget(index, "test/caches.test.js", 7)).toBe("lib/caches.js#LruCache.get@2");
    expect(memberCallTarget(index, "test/caches.test.js", 8)).toBe("lib/caches.js#TtlCache.get@5");
  });

  it("resolves a `this.x` field set once to a constructor function's prototype method", () => {
    expect(memberCallTarget(index, "test/negotiator.test.js", 4)).toBe(
      "lib/negotiator.js#Negotiator.charset@2",
    );
  });

  it("leaves a reassigned JavaScript variable unresolved", () => {
    expect(memberCallTarget(index, "test/caches.test.js", 11)).toBeNull();
  });

  it("resolves Python `x = C(); x.m()` and `x = mod.C(); x.m()` to C.m", () => {
    expect(memberCallTarget(index, "tests/test_caches.py", 7)).toBe("cachetools/__init__.py#LRUCache.get@2");
    expect(memberCallTarget(index, "tests/test_caches.py", 9)).toBe("cachetools/__init__.py#TTLCache.get@7");
  });

  it("leaves a reassigned Python variable and a parameter unresolved", () => {
    expect(memberCallTarget(index, "tests/test_caches.py", 12)).toBeNull();
    expect(memberCallTarget(index, "tests/test_caches.py", 16)).toBeNull();
  });
});
