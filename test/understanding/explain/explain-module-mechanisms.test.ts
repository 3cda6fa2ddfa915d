// Tests reached and references found through the language's module and call mechanisms, not only
// literal calls of an imported name: CommonJS `module.exports = Class` / `{ a, b }`, TS `export *`
// chains behind a directory import (`from "../src"`), a test block titled like what it tests, a
// constructor run by instantiating its class, helpers called from arrow callbacks, and a
// decorator factory's inner wrapper. Real git, real tree-sitter, small projects written here.
import { describe, expect, it } from "vitest";
import { lines } from "../make-repo.ts";
import { testFiles, useExplainChange } from "./explain-change.ts";

const explain = useExplainChange();

async function explainChange(files: Record<string, string>, head: Record<string, string>) {
  const result = await explain(files, head);
  return (name: string) => result.symbols.find((s) => s.qualifiedName === name);
}

describe("explain through module mechanisms", () => {
  const cjs = {
    "package.json": '{ "name": "ranges", "main": "index.js" }\n',
    "classes/range.js": lines(
      "class Range {",
      "  constructor (raw) {",
      "    this.set = raw.split('||').map(r => this.parseRange(r))",
      "  }",
      "  parseRange (r) {",
      "    return r.split(' ').map(c => parseComparator(c))",
      "  }",
      "}",
      "const parseComparator = (c) => replaceTildes(c)",
      "const replaceTildes = (c) => c.split(/\\s+/).map((x) => replaceTilde(x)).join(' ')",
      "const replaceTilde = (x) => x.replace('~', '>=')",
      "module.exports = Range",
    ),
    "functions/satisfies.js": lines(
      "const Range = require('../classes/range')",
      "const satisfies = (v, r) => new Range(r).set.length > 0",
      "module.exports = satisfies",
    ),
    "index.js": lines(
      "const Range = require('./classes/range')",
      "const satisfies = require('./functions/satisfies')",
      "module.exports = { Range, satisfies }",
    ),
    "test/satisfies.js": lines(
      "const satisfies = require('../functions/satisfies')",
      "test('satisfies a tilde range', () => {",
      "  ;['~1.2'].forEach((r) => satisfies('1.2.3', r))",
      "})",
    ),
    "test/api.js": lines(
      "const semver = require('../')",
      "test('the package exposes Range', () => {",
      "  new semver.Range('1.x')",
      "})",
    ),
  };

  it("follows module.exports = Class, a constructor run by new, and helpers called inside arrow callbacks", async () => {
    const by = await explainChange(cjs, {
      "classes/range.js": cjs["classes/range.js"].replace("replace('~', '>=')", "replace('~', '>= ')"),
    });
    const tilde = by("replaceTilde");
    expect(testFiles(tilde)).toEqual(["test/api.js", "test/satisfies.js"]);
    expect(tilde?.risks.some((r) => r.startsWith("no test reaches it"))).toBe(false);
    // The path goes up through the callback helpers, the method and the constructor to its class.
    const viaSatisfies = tilde?.testsReaching.find((t) => t.path === "test/satisfies.js");
    expect(viaSatisfies?.via).toEqual([
      "satisfies a tilde range",
      "satisfies",
      "Range",
      "Range.constructor",
      "Range.parseRange",
      "parseComparator",
      "replaceTildes",
      "replaceTilde",
    ]);
  });

  it("counts `new Range` of a `module.exports = Range` file and `semver.Range` of a `module.exports = { Range }` package as references", async () => {
    const by = await explainChange(cjs, {
      "classes/range.js": cjs["classes/range.js"].replace("class Range {", "class Range {\n  static x = 1"),
    });
    const refs = by("Range");
    const sites = [...(refs?.callers ?? []), ...(refs?.tests ?? [])].map((s) => `${s.path}:${s.line}`);
    expect(sites).toEqual(expect.arrayContaining(["functions/satisfies.js:2", "test/api.js:3"]));
    expect(refs?.api.public).toBe(true);
  });

  const ts = {
    "package.json": '{ "name": "urls", "type": "module", "main": "src/index.ts" }\n',
    "src/index.ts": lines('export * from "./utils";', 'export * from "./parse";'),
    "src/parse.ts": lines("export function parsePath(input: string) {", "  return input.split('/');", "}"),
    "src/utils.ts": lines(
      'import { parsePath } from "./parse";',
      "export function withBase(input: string, base: string) {",
      "  return [base, ...parsePath(input)].join('/');",
      "}",
    ),
    "test/base.test.ts": lines(
      'import { describe, expect, test } from "vitest";',
      'import { withBase } from "../src";',
      'describe("withBase", () => {',
      '  test("joins", () => {',
      '    expect(withBase("a", "/b")).toBe("/b/a");',
      "  });",
      "});",
    ),
  };

  it("follows export * chains behind a directory import, also inside a test block titled like the function", async () => {
    const by = await explainChange(ts, {
      "src/parse.ts": ts["src/parse.ts"].replace("split('/')", "split('/').filter(Boolean)"),
      "src/utils.ts": ts["src/utils.ts"].replace("join('/')", "join('/') || '/'"),
    });
    const withBase = by("withBase");
    expect(withBase?.tests.map((s) => `${s.path}:${s.line}`)).toEqual(["test/base.test.ts:5"]);
    expect(testFiles(withBase)).toEqual(["test/base.test.ts"]);
    // parsePath is reached through withBase, which the test imports by re-export.
    expect(testFiles(by("parsePath"))).toEqual(["test/base.test.ts"]);
  });

  it("reaches a decorator factory's inner wrapper through the functions it decorates", async () => {
    const files = {
      "pyproject.toml": '[project]\nname = "memo"\n',
      "src/memo/__init__.py": lines("from .deco import cached", "", '__all__ = ["cached"]'),
      "src/memo/deco.py": lines(
        "def cached(cache):",
        "    def decorator(func):",
        "        def wrapper(*args):",
        "            if args not in cache:",
        "                cache[args] = func(*args)",
        "            return cache[args]",
        "        return wrapper",
        "    return decorator",
      ),
      "tests/test_memo.py": lines(
        "import memo",
        "",
        "def test_caches():",
        "    @memo.cached({})",
        "    def double(x):",
        "        return 2 * x",
        "    assert double(2) == 4",
      ),
    };
    const by = await explainChange(files, {
      "src/memo/deco.py": files["src/memo/deco.py"].replace(
        "            return cache[args]",
        "            return cache.get(args)",
      ),
    });
    const wrapper = by("cached.decorator.wrapper") ?? by("wrapper");
    expect(testFiles(wrapper)).toEqual(["tests/test_memo.py"]);
  });

  it("follows a CommonJS hub of `exports.x = require('./x')` from the package root to the module's function", async () => {
    const files = {
      "package.json": '{ "name": "hoek", "main": "lib/index.js" }\n',
      "lib/index.js": lines(
        "exports.isPromise = require('./isPromise');",
        "exports.flatten = require('./flatten');",
      ),
      "lib/isPromise.js": lines(
        "module.exports = function (p) {",
        "  return typeof p?.then === 'function';",
        "};",
      ),
      "lib/flatten.js": lines(
        "const internals = {};",
        "module.exports = internals.flatten = function (array) {",
        "  return array.flat();",
        "};",
      ),
      "test/index.js": lines(
        "const Hoek = require('..');",
        "test('tells a promise', () => {",
        "  Hoek.isPromise(Promise.resolve());",
        "});",
        "test('flattens', () => {",
        "  Hoek.flatten([[1]]);",
        "});",
      ),
    };
    const by = await explainChange(files, {
      "lib/isPromise.js": files["lib/isPromise.js"].replace("=== 'function'", "!== 'function'"),
      "lib/flatten.js": files["lib/flatten.js"].replace("array.flat()", "array.flat(2)"),
    });
    for (const name of ["default", "internals.flatten"]) {
      const changed = by(name);
      expect(testFiles(changed)).toEqual(["test/index.js"]);
      expect(changed?.api.public).toBe(true);
    }
    expect(by("default")?.tests.map((s) => `${s.path}:${s.line}`)).toEqual(["test/index.js:3"]);
  });
});
