import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Failure } from "../../../src/perception/failure.ts";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";
import { localize } from "../../../src/understanding/localize/localize.ts";
import { lines, makeRepo, type TestRepo } from "../make-repo.ts";

// A function that throws when what it called returned nothing useful: the throw is the symptom, the
// callee that returned the value is the suspect (result-fault.ts).
describe("a throw that rejects what a callee returned", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  beforeAll(async () => {
    repo = makeRepo({
      "lib/mime.js": lines(
        "const { parse } = require('./parser.js');",
        "exports.create = function create(string) {",
        "  const result = parse(string);",
        "  if (result === null) {",
        "    throw new Error(`Could not parse ${string}`);",
        "  }",
        "  if (string.length > 100) throw new Error('too long');",
        "  return result;",
        "};",
      ),
      "lib/parser.js": lines(
        "exports.parse = function parse(input) {",
        "  const slash = input.indexOf('/');",
        "  if (slash === -1) return null;",
        "  return { type: input.slice(0, slash) };",
        "};",
      ),
      "pkg/lexer.py": lines(
        "def read_token(text):",
        "    if not text:",
        "        return None",
        "    return text.split()[0]",
        "",
        "",
        "class Parser:",
        "    def __init__(self, text):",
        "        token = read_token(text)",
        "        if token is None:",
        "            raise ValueError('no token')",
        "        self.token = token",
      ),
      "test/mime.test.js": lines("const { create } = require('../lib/mime.js');", "create('text/html');"),
      "tests/test_lexer.py": lines(
        "from pkg.lexer import Parser",
        "",
        "def test_parse():",
        "    Parser('a b')",
      ),
    });
    index = await buildIndex(repo.root, { cache: null });
  });
  afterAll(() => repo.cleanup());

  const rank = (failure: Failure) =>
    localize({
      index,
      failures: [failure],
      logText: failure.message,
      readLines: (path) => readFileSync(join(repo.root, path), "utf8").split("\n"),
    });

  it("puts the JS callee whose null the guard rejected above the function that threw", () => {
    const results = rank({
      tool: "node:test",
      kind: "test",
      file: "lib/mime.js",
      line: 5,
      column: 11,
      test: "creates",
      message: "Error: Could not parse text/html",
      rule: null,
      frames: [
        { file: "lib/mime.js", line: 5, function: "create", external: false },
        { file: "test/mime.test.js", line: 2, function: "TestContext.<anonymous>", external: false },
      ],
    });
    expect(results.map((r) => r.symbol).slice(0, 2)).toEqual(["parse", "create"]);
    expect(results[0]!.why[0]).toBe("stack_frame: returned result at lib/mime.js:3, which create rejected");
  });

  it("leaves a throw whose guard reads no callee's result alone", () => {
    const results = rank({
      tool: "node:test",
      kind: "test",
      file: "lib/mime.js",
      line: 7,
      column: 34,
      test: "creates",
      message: "Error: too long",
      rule: null,
      frames: [
        { file: "lib/mime.js", line: 7, function: "create", external: false },
        { file: "test/mime.test.js", line: 2, function: "TestContext.<anonymous>", external: false },
      ],
    });
    expect(results[0]?.symbol).toBe("create");
  });

  it("does the same for a Python raise after `is None`", () => {
    const results = rank({
      tool: "pytest",
      kind: "test",
      file: "pkg/lexer.py",
      line: 11,
      column: null,
      test: "tests/test_lexer.py::test_parse",
      message: "ValueError: no token",
      rule: null,
      frames: [
        { file: "tests/test_lexer.py", line: 4, function: "test_parse", external: false },
        { file: "pkg/lexer.py", line: 11, function: "__init__", external: false },
      ],
    });
    expect(results[0]?.symbol).toBe("read_token");
  });
});
