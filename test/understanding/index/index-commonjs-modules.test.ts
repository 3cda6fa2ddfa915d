import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";
import { callRows, importRows, symbolRows } from "./index-shape.ts";
import { lines, makeRepo, type TestRepo } from "../make-repo.ts";

// The CommonJS shapes of small npm packages: the module itself is a function, an object of
// functions, and tests that require the package root or a directory.
describe("indexing CommonJS modules that export themselves", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  beforeAll(async () => {
    repo = makeRepo({
      "index.js": lines(
        "'use strict';",
        "module.exports = function parse(args) {",
        "  return split(args);",
        "};",
        "function split(s) {",
        "  return s.split(' ');",
        "}",
      ),
      "lib/index.js": lines("module.exports = function (x) {", "  return x + 1;", "};"),
      "lib/api.js": lines(
        "function trim(s) { return s.trim(); }",
        "module.exports = {",
        "  trim,",
        "  pad: function (s) { return ` ${s} `; },",
        "  wrap: (s) => `[${s}]`,",
        "  upper(s) { return s.toUpperCase(); },",
        "};",
      ),
      "lib/run.js": lines(
        "const inc = require('./');",
        "const api = require('./api');",
        "exports.run = function (x) {",
        "  return api.pad(inc(x));",
        "};",
      ),
      "test/index.js": lines(
        "const parse = require('../');",
        "const inc = require('../lib');",
        "const root = require('..');",
        "parse('a b');",
        "inc(1);",
        "root('c');",
      ),
    });
    index = await buildIndex(repo.root, { cache: null });
  });
  afterAll(() => repo.cleanup());

  it("makes module.exports functions and exported object members symbols", () => {
    expect(symbolRows(index)).toEqual([
      ["index.js", "parse", "function", 2, 4, true],
      ["index.js", "split", "function", 5, 7, false],
      ["lib/api.js", "trim", "function", 1, 1, true],
      ["lib/api.js", "pad", "function", 4, 4, true],
      ["lib/api.js", "wrap", "function", 5, 5, true],
      ["lib/api.js", "upper", "method", 6, 6, true],
      ["lib/index.js", "default", "function", 1, 3, true],
      ["lib/run.js", "run", "function", 3, 5, true],
    ]);
  });

  it("resolves requires of a directory to its index file", () => {
    expect(importRows(index)).toEqual([
      ["lib/run.js", "./", "lib/index.js", ["inc"], 1],
      ["lib/run.js", "./api", "lib/api.js", ["api"], 2],
      ["test/index.js", "../", "index.js", ["parse"], 1],
      ["test/index.js", "../lib", "lib/index.js", ["inc"], 2],
      ["test/index.js", "..", "index.js", ["root"], 3],
    ]);
  });

  it("links a call of the required module to the function it exports", () => {
    expect(callRows(index).filter((c) => c[4] !== null)).toEqual([
      ["index.js", 3, "index.js#parse@2", "split", "index.js#split@5"],
      ["lib/run.js", 4, "lib/run.js#run@3", "api.pad", "lib/api.js#pad@4"],
      ["lib/run.js", 4, "lib/run.js#run@3", "inc", "lib/index.js#default@1"],
      ["test/index.js", 4, null, "parse", "index.js#parse@2"],
      ["test/index.js", 5, null, "inc", "lib/index.js#default@1"],
      ["test/index.js", 6, null, "root", "index.js#parse@2"],
    ]);
    expect(index.files.find((f) => f.path === "test/index.js")?.isTest).toBe(true);
  });
});

describe("resolving a require of a package directory through package.json main", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  beforeAll(async () => {
    repo = makeRepo({
      "package.json": JSON.stringify({ name: "parse", main: "./lib/parse.js" }),
      "index.js": lines("module.exports = function unused() {};"),
      "lib/parse.js": lines("module.exports = function parse(s) {", "  return s;", "};"),
      "packages/a/package.json": JSON.stringify({ main: "src" }),
      "packages/a/src/index.js": lines("exports.a = () => 1;"),
      "packages/b/package.json": "{ not json",
      "packages/b/index.js": lines("exports.b = () => 2;"),
      "test/parse.js": lines(
        "const parse = require('..');",
        "const a = require('../packages/a');",
        "const b = require('../packages/b/');",
        "parse(a.a() + b.b());",
      ),
    });
    index = await buildIndex(repo.root, { cache: null });
  });
  afterAll(() => repo.cleanup());

  it("prefers main, then the directory's index file", () => {
    expect(importRows(index)).toEqual([
      ["test/parse.js", "..", "lib/parse.js", ["parse"], 1],
      ["test/parse.js", "../packages/a", "packages/a/src/index.js", ["a"], 2],
      ["test/parse.js", "../packages/b/", "packages/b/index.js", ["b"], 3],
    ]);
    expect(callRows(index).filter((c) => c[4] !== null)).toEqual([
      ["test/parse.js", 4, null, "parse", "lib/parse.js#parse@1"],
      ["test/parse.js", 4, null, "a.a", "packages/a/src/index.js#a@1"],
      ["test/parse.js", 4, null, "b.b", "packages/b/index.js#b@1"],
    ]);
  });
});

// A JS package that ships hand-written types beside its code (`lib/util.js` and `lib/util.d.ts`,
// `lib/index.js` and `lib/index.d.ts`): what a require loads, and what its calls run, is the `.js`.
describe("resolving a require beside a declaration file", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  beforeAll(async () => {
    repo = makeRepo({
      "lib/util.js": lines(
        "module.exports = {",
        "  isDigit (c) {",
        "    return /[0-9]/.test(c)",
        "  },",
        "}",
      ),
      "lib/util.d.ts": lines("export declare function isDigit(c?: string): boolean"),
      "lib/index.js": lines(
        "const util = require('./util')",
        "module.exports = function parse (s) {",
        "  return util.isDigit(s)",
        "}",
      ),
      "lib/index.d.ts": lines("export default function parse(s: string): boolean"),
      "test/parse.js": lines("const parse = require('../lib')", "parse('1')"),
    });
    index = await buildIndex(repo.root, { cache: null });
  });
  afterAll(() => repo.cleanup());

  it("resolves to the .js file, not its declarations", () => {
    expect(importRows(index)).toEqual([
      ["lib/index.js", "./util", "lib/util.js", ["util"], 1],
      ["test/parse.js", "../lib", "lib/index.js", ["parse"], 1],
    ]);
    expect(callRows(index).filter((c) => c[4] !== null)).toEqual([
      ["lib/index.js", 3, "lib/index.js#parse@2", "util.isDigit", "lib/util.js#isDigit@2"],
      ["test/parse.js", 2, null, "parse", "lib/index.js#parse@2"],
    ]);
  });
});
