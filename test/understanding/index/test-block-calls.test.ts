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

// jest and mocha spell test blocks more ways than describe/it/test: `it.each(table)(title, fn)`,
// `test.each\`table\`(title, fn)`, `xit`, `specify`. Each is a block with its own calls, and none
// is what a call of its title means.
describe("test blocks written it.each, test.each`...`, xit and specify", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  beforeAll(async () => {
    repo = makeRepo({
      "lib/text.js": lines(
        "exports.format = function (n) {",
        "  return String(n);",
        "};",
        "exports.trim = function (s) {",
        "  return s.trim();",
        "};",
      ),
      "test/text.test.js": lines(
        "const { format, trim } = require('../lib/text');",
        "describe('text', () => {",
        "  it.each([[1, '1']])('format', (n, s) => {",
        "    expect(format(n)).toBe(s);",
        "  });",
        "  test.each`",
        "    s       | t",
        "    ${' a'} | ${'a'}",
        "  `('trim $s', ({ s, t }) => {",
        "    expect(trim(s)).toBe(t);",
        "  });",
        "  xit('skipped', () => { format(2); });",
        "  specify('trim', () => { trim(' b'); });",
        "});",
      ),
    });
    index = await buildIndex(repo.root, { cache: null });
  });
  afterAll(() => repo.cleanup());

  const call = (line: number, callee: string) =>
    index.calls.find((c) => c.file === "test/text.test.js" && c.line === line && c.calleeName === callee);
  const blockId = (qualifiedName: string) =>
    index.symbols.find((s) => s.file === "test/text.test.js" && s.qualifiedName === qualifiedName)?.id;

  it("indexes each as a block named by its title, holding its own calls", () => {
    expect(call(4, "format")?.from).toBe(blockId("text.format"));
    expect(call(10, "trim")?.from).toBe(blockId("text.trim $s"));
    expect(call(12, "format")?.from).toBe(blockId("text.skipped"));
    expect(call(13, "trim")?.from).toBe(blockId("text.trim"));
    expect(blockId("text.format")).toBeDefined();
    expect(blockId("text.trim")).toBeDefined();
  });

  it("binds a call inside a block titled like the function to the required function", () => {
    expect(call(4, "format")?.to).toBe("lib/text.js#format@1");
    expect(call(13, "trim")?.to).toBe("lib/text.js#trim@4");
  });
});
