import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";
import { lines, makeRepo, type TestRepo } from "../make-repo.ts";

// Shapes of object-inspect and yaml: test blocks titled like globals and like the function under test.
describe("calls beside test blocks named like what they call", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  beforeAll(async () => {
    repo = makeRepo({
      "index.js": lines(
        "module.exports = function inspect_(obj, depth) {",
        "  function inner(value) {",
        "    return inspect_(value, depth + 1);",
        "  }",
        "  return String(obj) + BigInt(depth);",
        "};",
      ),
      "src/helpers.js": lines("exports.format = function (x) {", "  return Number(x);", "};"),
      "test/values.js": lines(
        "var inspect = require('../');",
        "var test = require('tape');",
        "test('String', function (t) {",
        "  t.equal(inspect('a'), 'a');",
        "});",
        "test('inspect', function (t) {",
        "  t.equal(inspect(1), '1');",
        "});",
      ),
      "test/number.test.js": lines(
        "describe('number', () => {",
        "  it('BigInt', () => {});",
        "  it('Number', () => {});",
        "});",
      ),
    });
    index = await buildIndex(repo.root, { cache: null });
  });
  afterAll(() => repo.cleanup());

  const target = (file: string, line: number, callee: string) =>
    index.calls.find((c) => c.file === file && c.line === line && c.calleeName === callee)?.to;

  it("binds no call of code outside the tests to a test block named like a global", () => {
    expect(target("index.js", 5, "String")).toBeNull();
    expect(target("index.js", 5, "BigInt")).toBeNull();
    expect(target("src/helpers.js", 2, "Number")).toBeNull();
  });

  it("binds a test's call to the required module, not to the test block of that title", () => {
    expect(target("test/values.js", 4, "inspect")).toBe("index.js#inspect_@1");
    expect(target("test/values.js", 7, "inspect")).toBe("index.js#inspect_@1");
  });
});

describe("a test helper named like a call in the code", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  beforeAll(async () => {
    repo = makeRepo({
      "lib/parse.js": lines("exports.parse = function (s) {", "  return fixture(s);", "};"),
      "test/helpers.js": lines(
        "function fixture(name) {",
        "  return name;",
        "}",
        "module.exports = { fixture };",
      ),
      "test/parse.test.js": lines(
        "const { parse } = require('../lib/parse');",
        "it('parses', () => {",
        "  parse(fixture('a'));",
        "});",
      ),
    });
    index = await buildIndex(repo.root, { cache: null });
  });
  afterAll(() => repo.cleanup());

  const fixtureCall = (file: string) =>
    index.calls.find((c) => c.file === file && c.calleeName === "fixture")?.to;

  it("is what another test file calls by that unique name", () => {
    expect(fixtureCall("test/parse.test.js")).toBe("test/helpers.js#fixture@1");
  });

  it("is never what the code outside the tests calls", () => {
    expect(fixtureCall("lib/parse.js")).toBeNull();
  });
});
