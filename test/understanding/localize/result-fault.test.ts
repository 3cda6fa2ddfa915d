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

// A guard that asks whether the value is PRESENT (`if (existing) throw "duplicate"`) means the callee
// found what it looked for: the guard, not the lookup, is the suspect. Only the call whose value was
// assigned is blamed, and only a plain one.
describe("a throw whose guard does not ask whether a callee gave up", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  beforeAll(async () => {
    repo = makeRepo({
      "lib/registry.js": lines(
        "const { find, normalize, token } = require('./store.js');",
        "exports.add = function add(name) {",
        "  const existing = find(name);",
        "  if (existing) throw new Error(`duplicate ${name}`);",
        "  return name;",
        "};",
        "exports.addStrict = function addStrict(name) {",
        "  const existing = find(name);",
        "  if (existing !== null) {",
        "    throw new Error(`duplicate ${name}`);",
        "  }",
        "  return name;",
        "};",
        "exports.rename = function rename(name) {",
        "  name = normalize(name);",
        "  if (!name) throw new Error('empty name');",
        "  return name;",
        "};",
        "exports.resolve = function resolve(table, name) {",
        "  const found = table.get(normalize(name));",
        "  if (!found) throw new Error(`unknown ${name}`);",
        "  return found;",
        "};",
        "exports.first = function first(text) {",
        "  const t = token(text);",
        "  if (typeof t === 'undefined') throw new Error('no token');",
        "  return t;",
        "};",
      ),
      "lib/store.js": lines(
        "const items = new Map();",
        "exports.find = function find(name) {",
        "  return items.has(name) ? items.get(name) : null;",
        "};",
        "exports.normalize = function normalize(name) {",
        "  return name.trim().toLowerCase();",
        "};",
        "exports.token = function token(text) {",
        "  return text.split(' ')[0] || undefined;",
        "};",
      ),
      "pkg/table.py": lines(
        "def lookup(items, key):",
        "    return items.get(key)",
        "",
        "",
        "class Table:",
        "    def add(self, key):",
        "        found = lookup(self.items, key)",
        "        if found is not None:",
        "            raise KeyError(key)",
        "        self.items[key] = True",
        "",
        "    def put(self, key):",
        "        found = lookup(self.items, key)",
        "        if found: raise KeyError(key)",
        "        self.items[key] = True",
      ),
      "test/registry.test.js": lines(
        "const r = require('../lib/registry.js');",
        "r.add('a'); r.addStrict('a'); r.rename(' '); r.resolve(new Map(), 'a'); r.first('');",
      ),
      "tests/test_table.py": lines(
        "from pkg.table import Table",
        "",
        "def test_add():",
        "    Table().add('a')",
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
  const jsThrow = (line: number, fn: string, message: string): Failure => ({
    tool: "node:test",
    kind: "test",
    file: "lib/registry.js",
    line,
    column: 3,
    test: "registers",
    message: `Error: ${message}`,
    rule: null,
    frames: [
      { file: "lib/registry.js", line, function: fn, external: false },
      { file: "test/registry.test.js", line: 2, function: "TestContext.<anonymous>", external: false },
    ],
  });
  const pyRaise = (line: number, fn: string): Failure => ({
    tool: "pytest",
    kind: "test",
    file: "pkg/table.py",
    line,
    column: null,
    test: "tests/test_table.py::test_add",
    message: "KeyError: 'a'",
    rule: null,
    frames: [
      { file: "tests/test_table.py", line: 4, function: "test_add", external: false },
      { file: "pkg/table.py", line, function: fn, external: false },
    ],
  });
  const blamed = (results: ReturnType<typeof rank>) =>
    results
      .filter((r) => r.why.some((w) => w.includes("which") && w.includes("rejected")))
      .map((r) => r.symbol);

  it("keeps a JS duplicate check on a bare value on the function that threw", () => {
    const results = rank(jsThrow(4, "add", "duplicate a"));
    expect(blamed(results)).toEqual([]);
    expect(results[0]?.symbol).toBe("add");
  });

  it("keeps a JS `!== null` check on the function that threw", () => {
    const results = rank(jsThrow(10, "addStrict", "duplicate a"));
    expect(blamed(results)).toEqual([]);
    expect(results[0]?.symbol).toBe("addStrict");
  });

  it("keeps a Python `is not None` check on the function that raised", () => {
    const results = rank(pyRaise(9, "add"));
    expect(blamed(results)).toEqual([]);
    expect(results[0]?.symbol).toBe("Table.add");
  });

  it("keeps a Python bare truth check on the function that raised", () => {
    const results = rank(pyRaise(14, "put"));
    expect(blamed(results)).toEqual([]);
    expect(results[0]?.symbol).toBe("Table.put");
  });

  it("leaves a guard on a parameter alone, even one reassigned from a call", () => {
    const results = rank(jsThrow(16, "rename", "empty name"));
    expect(blamed(results)).toEqual([]);
    expect(results[0]?.symbol).toBe("rename");
  });

  it("blames no call when the value came from a method call, not even a plain call in its arguments", () => {
    const results = rank(jsThrow(21, "resolve", "unknown a"));
    expect(blamed(results)).toEqual([]);
    expect(results[0]?.symbol).toBe("resolve");
  });

  it("counts `typeof x === 'undefined'` as asking whether the callee gave up", () => {
    const results = rank(jsThrow(26, "first", "no token"));
    expect(blamed(results)).toEqual(["token"]);
    expect(results[0]?.symbol).toBe("token");
  });
});
