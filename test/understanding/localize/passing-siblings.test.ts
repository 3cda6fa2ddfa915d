import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Failure } from "../../../src/perception/failure.ts";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";
import { createSymbolLookup } from "../../../src/understanding/index/symbol-lookup.ts";
import { failingReachSignal } from "../../../src/understanding/localize/failing-reach-signal.ts";
import { passingSiblings } from "../../../src/understanding/localize/passing-siblings.ts";
import { scratchDir } from "../../support/scratch-dir.ts";

// A parser library's layout (parsy's): every test calls the entry `parse`; each test builds its parser
// from the combinator it is about. Only the `alt` test fails.
const files: Record<string, string> = {
  "src/parse.js": [
    "export function parse(text, rule) {",
    "  return rule(text);",
    "}",
    "",
    "export function alt(a, b) {",
    "  return (text) => a(text) ?? b(text);",
    "}",
    "",
    "export function many(a) {",
    "  return (text) => [a(text)];",
    "}",
    "",
  ].join("\n"),
  "test/parse.test.js": [
    'import { alt, many, parse } from "../src/parse.js";',
    "",
    'test("parses a word", () => {',
    '  expect(parse("ab", (t) => t)).toBe("ab");',
    "});",
    'test("parses many words", () => {',
    '  expect(parse("ab", many((t) => t))).toEqual(["ab"]);',
    "});",
    'test("parses either word", () => {',
    '  expect(parse("x", alt((t) => null, (t) => t))).toBe("x");',
    "});",
    "",
  ].join("\n"),
  "python/tests/test_parse.py": [
    "from parse import parse_text, either",
    "",
    "class TestParse:",
    "    def test_word(self):",
    '        assert parse_text("ab", str) == "ab"',
    "",
    "    def test_alt(self):",
    '        assert parse_text("x", either(None, str)) == "x"',
    "",
  ].join("\n"),
};

let root: string;
let index: CodeIndex;
beforeAll(async () => {
  root = scratchDir("xihe-passing-siblings-");
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  index = await buildIndex(root, { cache: null });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const altTest = { file: "test/parse.test.js", line: 10 };
const failure = (test: string, loc: { file: string; line: number } = altTest): Failure => ({
  tool: "vitest",
  kind: "test",
  file: loc.file,
  line: loc.line,
  column: null,
  test,
  message: "AssertionError: expected null to be 'x'",
  rule: null,
  frames: [{ file: loc.file, line: loc.line, function: null, external: false }],
});
const name = (id: string) => index.symbols.find((s) => s.id === id)?.qualifiedName;

describe("the passing tests beside the failing ones", () => {
  it("are the other tests of the failing test's file", () => {
    const lookup = createSymbolLookup(index);
    const passing = passingSiblings(lookup, [altTest], [failure("parses either word")]);
    expect(passing.map((t) => t.name).sort()).toEqual(["parses a word", "parses many words"]);
  });

  it("leave out a test whose name a failure spells: the log says it failed", () => {
    const lookup = createSymbolLookup(index);
    const failures = [failure("parses either word"), failure("parse.test.js > parses many words")];
    expect(passingSiblings(lookup, [altTest], failures).map((t) => t.name)).toEqual(["parses a word"]);
  });

  it("are none in a file where a failing location lies outside every test", () => {
    const lookup = createSymbolLookup(index);
    const atImport = { file: "test/parse.test.js", line: 1 };
    expect(passingSiblings(lookup, [altTest, atImport], [failure("parses either word")])).toEqual([]);
  });

  it("are Python's test functions and methods too", () => {
    const lookup = createSymbolLookup(index);
    const loc = { file: "python/tests/test_parse.py", line: 8 };
    const passing = passingSiblings(
      lookup,
      [loc],
      [failure("tests/test_parse.py::TestParse::test_alt", loc)],
    );
    expect(passing.map((t) => t.qualifiedName)).toEqual(["TestParse.test_word"]);
  });
});

describe("failing_reach over the passing tests beside the failing ones", () => {
  it("ranks the combinator only the failing test calls above the entry every test calls", () => {
    const scores = failingReachSignal(
      index,
      createSymbolLookup(index),
      [altTest],
      [failure("parses either word")],
    );
    const byName = new Map([...scores].map(([id, hit]) => [name(id), hit]));
    expect(byName.get("alt")?.strength).toBe(1);
    // Ochiai's precision half over the file's tests: 1 failing and 2 passing tests call `parse`.
    expect(byName.get("parse")?.strength).toBeCloseTo(Math.sqrt(1 / 3), 6);
    expect(byName.get("parse")?.detail).toBe(
      "reached by 1 of 1 failing tests, and by 2 passing tests of their files",
    );
  });
});
