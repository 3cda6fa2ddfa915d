// A question that names an entry point and asks about one part of what it does is answered by the
// function that entry reaches, not by a same-named twin in a sibling module (a fixture, real
// tree-sitter, where the twin ranks first without the mechanism).
import { describe, expect, it } from "vitest";
import { recall } from "../../../src/understanding/ask/recall.ts";
import { lines } from "../make-repo.ts";
import { names, useIndexedRepo } from "./indexed-repo.ts";

const indexOf = useIndexedRepo();

const variants = (arg: string, note: string) =>
  lines(
    `def _locked(${arg}, cache, key, lock):`,
    `    # ${note}`,
    "    def wrapper(*args):",
    "        k = key(*args)",
    "        with lock:",
    "            if k in cache:",
    "                return cache[k]",
    `        v = ${arg}(*args)`,
    "        with lock:",
    "            cache[k] = v",
    "        return v",
    "    return wrapper",
    "",
    `def _unlocked(${arg}, cache, key):`,
    "    def wrapper(*args):",
    "        k = key(*args)",
    "        if k not in cache:",
    `            cache[k] = ${arg}(*args)`,
    "        return cache[k]",
    "    return wrapper",
    "",
    `def _wrapper(${arg}, cache, key, lock=None):`,
    "    if lock is None:",
    `        return _unlocked(${arg}, cache, key)`,
    `    return _locked(${arg}, cache, key, lock)`,
  );

describe("ask recall: the functions a named entry point calls", () => {
  it("raises the variant the named decorator reaches through a function-local import over its twin", async () => {
    const { index, readLines } = await indexOf({
      "pkg/__init__.py": lines(
        "def memoize(cache, key, lock=None):",
        '    """Decorator that saves a function\'s results in a cache."""',
        "    from ._function import _wrapper",
        "",
        "    def decorator(func):",
        "        return _wrapper(func, cache, key, lock)",
        "",
        "    return decorator",
        "",
        "",
        "def memoize_method(cache, key, lock=None):",
        '    """Decorator that saves a method\'s results in a cache."""',
        "    from ._method import _wrapper",
        "",
        "    def decorator(method):",
        "        return _wrapper(method, cache, key, lock)",
        "",
        "    return decorator",
      ),
      "pkg/_function.py": variants(
        "func",
        "read first, then store the value that was computed, keeping the order",
      ),
      // The twin is shorter, so it matches the question a little better; it is not what `memoize` does.
      "pkg/_method.py": variants("method", "read first"),
    });
    const ranked = recall(
      index,
      readLines,
      "how does the memoize decorator use a lock so concurrent calls are safe?",
    );
    const locked = ranked.filter((r) => r.symbol.name === "_locked").map((r) => r.symbol.file);
    expect(locked[0]).toBe("pkg/_function.py");
    const top = ranked.find((r) => r.symbol.file === "pkg/_function.py" && r.symbol.name === "_locked");
    expect(top?.why.join("; ")).toContain(
      "memoize (pkg/__init__.py:1), named in the question, reaches it in 2 calls",
    );
  });

  it("follows no test block the question names by chance: what a test calls is its set-up", async () => {
    const { index, readLines } = await indexOf({
      "lib/route.js": lines(
        "function Route(path) { this.path = path; this.methods = {}; }",
        "",
        "Route.prototype._handles_method = function _handles_method(method) {",
        "  var name = method.toLowerCase();",
        "  if (name === 'head' && !this.methods['head']) {",
        "    name = 'get';",
        "  }",
        "  return Boolean(this.methods[name]);",
        "};",
        "",
        "module.exports = Route;",
      ),
      "lib/application.js": lines(
        "var app = exports = module.exports = {};",
        "",
        "// Dispatch a request to the router, or to a final handler when no route matches.",
        "app.handle = function handle(req, res, callback) {",
        "  var router = this._router;",
        "  var done = callback || finalhandler(req, res);",
        "  if (!router) {",
        "    done();",
        "    return;",
        "  }",
        "  router.handle(req, res, done);",
        "};",
      ),
      // `HEAD` is an HTTP method in the question and the name of this test block in the code.
      "test/app.head.js": lines(
        "var app = require('../lib/application');",
        "",
        "describe('HEAD', function () {",
        "  it('should default to GET', function (done) {",
        "    app.handle({ method: 'HEAD' }, {}, done);",
        "  });",
        "});",
      ),
    });
    const ranked = recall(
      index,
      readLines,
      "how does a route that only defines a GET handler also answer HEAD requests?",
    );
    expect(names(ranked)[0]).toBe("Route._handles_method");
    expect(ranked.flatMap((r) => r.why).join("; ")).not.toContain("named in the question");
  });
});
