import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";
import { loadCallsByFile } from "../../../src/understanding/index/module-load.ts";
import { createSymbolLookup } from "../../../src/understanding/index/symbol-lookup.ts";
import { lines, makeRepo, type TestRepo } from "../make-repo.ts";

/** `name -> target` of the value edges on one line. */
function valuesAt(index: CodeIndex, file: string, line: number): string[] {
  return index.calls
    .filter((c) => c.file === file && c.line === line && c.value)
    .map((c) => `${c.calleeName} -> ${c.to}`);
}

// A function named as a value where it is handed on or returned is an edge from the code around it:
// whatever receives it calls it (`cache(get_fields)(cls)`, `items.map(parse)`, `return wrapper`).
describe("functions handed on as values", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  beforeAll(async () => {
    repo = makeRepo({
      "pkg/__init__.py": "",
      "pkg/cache.py": lines("def cache(fn):", "    return fn"),
      "pkg/fields.py": lines("def get_fields(cls):", "    return []"),
      "pkg/other.py": lines("def get_fields(cls):", "    return None"),
      "pkg/helpers.py": lines("def order(field):", "    return 0", "", "", "class Base:", "    pass"),
      "pkg/core.py": lines(
        "from .cache import cache",
        "from .fields import get_fields",
        "from . import helpers",
        "from .helpers import Base",
        "",
        "",
        "def load(cls, data):",
        "    fields = cache(get_fields)(cls)",
        "    return sorted(fields, key=helpers.order)",
        "",
        "",
        "def walk(get_fields):",
        "    return cache(get_fields)",
        "",
        "",
        "def deco(fn):",
        "    def wrapper(*args):",
        "        return fn(*args)",
        "    return wrapper",
        "",
        "",
        "class Loader(Base):",
        "    def run(self, data):",
        "        return map(self.one, data)",
        "",
        "    def one(self, item):",
        "        return isinstance(item, Base)",
        "",
        "",
        "HOOKS = cache(load)",
        "",
        "",
        "class Sized:",
        "    @property",
        "    def size(self):",
        "        return 1",
        "",
        "    def count(self):",
        "        return self.size",
      ),
      "tests/test_core.py": lines(
        "import unittest",
        "from pkg.core import load",
        "",
        "",
        "class TestLoad(unittest.TestCase):",
        "    def test_load(self):",
        "        self.assertRaises(ValueError, load, None, {})",
      ),
      "lib/parse.js": lines("function parse(s) { return s; }", "module.exports = parse;"),
      "lib/utils.js": lines("function compare(a, b) { return a - b; }", "module.exports = { compare };"),
      "lib/index.js": lines(
        'const parse = require("./parse");',
        'const utils = require("./utils");',
        "function parseAll(items) { return items.map(parse); }",
        "function handler(parse) { return [1].map(parse); }",
        "const lone = (parse) => [2].map(parse);",
        "const bare = parse => [3].map(parse);",
        "class App {",
        "  handle(req) { return req; }",
        '  listen(server) { server.on("request", this.handle); }',
        "}",
        "function sorted(xs) { return xs.sort(utils.compare); }",
        "module.exports = { parseAll, handler, lone, bare, App, sorted };",
        "class Box {",
        "  get name() { return 'box'; }",
        "  label() { return this.name; }",
        "}",
      ),
    });
    index = await buildIndex(repo.root, { cache: null });
  });
  afterAll(() => repo.cleanup());

  it("gives a Python function passed to a wrapper an edge from the caller, beside the wrapper's call", () => {
    expect(valuesAt(index, "pkg/core.py", 8)).toEqual(["get_fields -> pkg/fields.py#get_fields@1"]);
    expect(
      index.calls.filter((c) => c.file === "pkg/core.py" && c.line === 8 && !c.value).map((c) => c.to),
    ).toEqual(["pkg/cache.py#cache@1"]);
    expect(index.calls.find((c) => c.file === "pkg/core.py" && c.line === 8 && c.value)?.from).toBe(
      "pkg/core.py#load@7",
    );
  });

  it("follows a keyword argument's function and a module's member", () => {
    expect(valuesAt(index, "pkg/core.py", 9)).toEqual(["helpers.order -> pkg/helpers.py#order@1"]);
  });

  it("gives a parameter that shadows a function's name no edge", () => {
    expect(valuesAt(index, "pkg/core.py", 13)).toEqual([]);
    expect(valuesAt(index, "lib/index.js", 4)).toEqual([]);
    expect(valuesAt(index, "lib/index.js", 5)).toEqual([]);
    expect(valuesAt(index, "lib/index.js", 6)).toEqual([]);
  });

  it("takes a returned inner function, and not a returned parameter", () => {
    expect(valuesAt(index, "pkg/core.py", 19)).toEqual(["wrapper -> pkg/core.py#deco.wrapper@17"]);
    expect(valuesAt(index, "pkg/core.py", 18)).toEqual([]);
  });

  it("takes a method handed on through self or this", () => {
    expect(valuesAt(index, "pkg/core.py", 24)).toEqual(["self.one -> pkg/core.py#Loader.one@26"]);
    expect(valuesAt(index, "lib/index.js", 9)).toEqual(["this.handle -> lib/index.js#App.handle@8"]);
  });

  it("takes a getter read through self or this for no function handed on", () => {
    expect(valuesAt(index, "pkg/core.py", 39)).toEqual([]);
    expect(index.calls.some((c) => c.file === "pkg/core.py" && c.line === 39)).toBe(false);
    expect(valuesAt(index, "lib/index.js", 15)).toEqual([]);
  });

  it("keeps no edge to a class named as a value, nor from a class's bases", () => {
    expect(
      index.calls.filter((c) => c.file === "pkg/core.py" && (c.line === 22 || c.line === 27) && c.value),
    ).toEqual([]);
  });

  it("takes a function a test hands to assertRaises as the test's callee", () => {
    expect(index.calls.find((c) => c.file === "tests/test_core.py" && c.line === 7 && c.value)).toMatchObject(
      {
        from: "tests/test_core.py#TestLoad.test_load@6",
        to: "pkg/core.py#load@7",
      },
    );
  });

  it("resolves JS functions handed to a callback through require bindings and module members", () => {
    expect(valuesAt(index, "lib/index.js", 3)).toEqual(["parse -> lib/parse.js#parse@1"]);
    expect(valuesAt(index, "lib/index.js", 11)).toEqual(["utils.compare -> lib/utils.js#compare@1"]);
  });

  it("does not count a function handed on at a module's top level as run when the module loads", () => {
    expect(valuesAt(index, "pkg/core.py", 30)).toEqual(["load -> pkg/core.py#load@7"]);
    const loads = loadCallsByFile(index, createSymbolLookup(index)).get("pkg/core.py") ?? [];
    expect(loads.map((c) => c.calleeName)).toEqual(["cache"]);
  });
});
