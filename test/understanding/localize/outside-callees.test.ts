import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";
import { createSymbolLookup, type SymbolLookup } from "../../../src/understanding/index/symbol-lookup.ts";
import { resolveCallee } from "../../../src/understanding/localize/test-target-signal.ts";
import { lines, makeRepo, type TestRepo } from "../make-repo.ts";

// hast-util-select's layout: the project has its own `test` (a pseudo-class matcher) and `equal`, and its tests
// call node:test's `test` and node:assert's `assert.equal`; only the project's own calls reach it.
describe("a call through a name the test file imports from outside the project", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  let lookup: SymbolLookup;
  beforeAll(async () => {
    repo = makeRepo({
      "package.json": JSON.stringify({ name: "sel", type: "module", main: "index.js" }),
      "index.js": lines("export {select} from './lib/select.js'"),
      "lib/select.js": lines("export function select(q) {", "  return test(q)", "}"),
      "lib/matches.js": lines("export function test(q) {", "  return equal(q, 1)", "}"),
      "lib/equal.js": lines("export function equal(a, b) {", "  return a === b", "}"),
      "lib/expect.js": lines("export function toBe(a) {", "  return a", "}"),
      "test/select.js": lines(
        "import assert from 'node:assert/strict'",
        "import test from 'node:test'",
        "import {expect} from 'vitest'",
        "import {select} from 'sel'",
        "test('select', function () {",
        "  assert.equal(select('a'), 1)",
        "  expect(select('b')).toBe(1)",
        "})",
      ),
      "test/cjs.cjs": lines("const {equal} = require('assert')", "equal(1, 1)"),
      "test/helpers.js": lines("import {test} from './own-runner.js'", "test('x')"),
      "tests/test_select.py": lines(
        "import unittest",
        "from pytest import approx as toBe",
        "from lib import check",
        "class T(unittest.TestCase):",
        "    def test_a(self):",
        "        unittest.main()",
        "        toBe(1)",
        "        check(1, 2)",
      ),
      "lib/main.py": lines("def main():", "    pass", "def check(a, b):", "    return a == b"),
    });
    index = await buildIndex(repo.root, { cache: null });
    lookup = createSymbolLookup(index);
  });
  afterAll(() => repo.cleanup());

  const reached = (file: string, callee: string) => [
    ...new Set(
      index.calls
        .filter((c) => c.file === file && c.calleeName === callee)
        .flatMap((c) => resolveCallee(c, lookup).map((s) => s.id)),
    ),
  ];

  it("does not bind it by name to a project symbol (ES imports, require, Python imports)", () => {
    expect(reached("test/select.js", "test")).toEqual([]);
    expect(reached("test/select.js", "assert.equal")).toEqual([]);
    expect(reached("test/select.js", "expect().toBe")).toEqual([]);
    expect(reached("test/cjs.cjs", "equal")).toEqual([]);
    expect(reached("tests/test_select.py", "unittest.main")).toEqual([]);
    expect(reached("tests/test_select.py", "toBe")).toEqual([]);
  });

  it("still binds the project's own calls and names the file does not import from outside", () => {
    expect(reached("test/select.js", "select")).toEqual(["lib/select.js#select@1"]);
    // `./own-runner.js` is the project's own (relative) module, even though it is not indexed.
    expect(reached("test/helpers.js", "test")).toEqual(["lib/matches.js#test@1"]);
    // `lib` did not resolve (no lib/__init__.py) but names a project folder: it stays project code.
    expect(reached("tests/test_select.py", "check")).toEqual(["lib/main.py#check@3"]);
    expect(reached("lib/matches.js", "equal")).toEqual(["lib/equal.js#equal@1"]);
  });
});
