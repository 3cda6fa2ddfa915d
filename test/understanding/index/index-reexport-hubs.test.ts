import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";
import { extractorVersion } from "../../../src/understanding/index/extractor-version.ts";
import { openIndexCache } from "../../../src/understanding/index/index-cache.ts";
import { symbolRows } from "./index-shape.ts";
import { lines, makeRepo, type TestRepo } from "../make-repo.ts";

/** Where each call of `file` resolved to: "line callee -> id". */
function targets(index: CodeIndex, file: string): string[] {
  return index.calls
    .filter((c) => c.file === file && c.calleeName !== "require")
    .map((c) => `${c.line} ${c.calleeName} -> ${c.to}`);
}

function reexportsOf(index: CodeIndex, file: string) {
  return index.imports.filter((i) => i.file === file).map((i) => [i.resolved, i.reexports ?? []]);
}

// The shape of @hapi/hoek: a package whose main is a CommonJS hub that defines nothing, one module per
// helper (the module is its function), hand-written declarations beside it, tests that require '..'.
describe("calls through a CommonJS hub of re-exports", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  beforeAll(async () => {
    repo = makeRepo({
      "package.json": JSON.stringify({ name: "hub", main: "lib/index.js", types: "lib/index.d.ts" }),
      "lib/index.js": lines(
        "'use strict';",
        "exports.isPromise = require('./isPromise');",
        "exports.flatten = require('./flatten');",
        "exports.pick = require('./util').pick;",
        "exports.AssertError = require('./assertError');",
        "exports.assert = require('./assert');",
        "Object.assign(exports, require('./more'));",
      ),
      "lib/index.d.ts": lines(
        "export function isPromise(p: any): boolean;",
        "export function flatten(a: any[]): any[];",
        "export function keys(o: object): string[];",
      ),
      "lib/isPromise.js": lines(
        "module.exports = function (p) {",
        "  return typeof p?.then === 'function';",
        "};",
      ),
      "lib/flatten.js": lines(
        "const internals = {};",
        "module.exports = internals.flatten = function (array, target) {",
        "  return array.map((a) => internals.flatten(a, target));",
        "};",
      ),
      "lib/util.js": lines("exports.pick = function (o) {", "  return o;", "};"),
      "lib/assertError.js": lines("module.exports = class AssertError extends Error {", "};"),
      "lib/assert.js": lines(
        "const AssertError = require('./assertError');",
        "const assert = module.exports = function (condition) {",
        "  if (!condition) throw new AssertError();",
        "};",
      ),
      "lib/more.js": lines("exports.keys = function (o) {", "  return Object.keys(o);", "};"),
      "lib/walk.js": lines("module.exports = function (o) {", "  return keys(o);", "};"),
      "test/index.js": lines(
        "const Hoek = require('..');",
        "Hoek.isPromise(1);",
        "Hoek.flatten([]);",
        "Hoek.pick({});",
        "new Hoek.AssertError();",
        "Hoek.keys({});",
        "Hoek.assert(true);",
      ),
      "test/destructure.js": lines(
        "const { isPromise, keys } = require('../');",
        "const flat = require('..').flatten;",
        "const { pick: choose } = require('..');",
        "isPromise(1);",
        "keys(2);",
        "flat([]);",
        "choose({});",
      ),
    });
    index = await buildIndex(repo.root, { cache: null });
  });
  afterAll(() => repo.cleanup());

  it("records what the hub hands on of each module it requires", () => {
    expect(reexportsOf(index, "lib/index.js")).toEqual([
      ["lib/isPromise.js", [{ exported: "isPromise", imported: "*" }]],
      ["lib/flatten.js", [{ exported: "flatten", imported: "*" }]],
      ["lib/util.js", [{ exported: "pick", imported: "pick" }]],
      ["lib/assertError.js", [{ exported: "AssertError", imported: "*" }]],
      ["lib/assert.js", [{ exported: "assert", imported: "*" }]],
      ["lib/more.js", [{ exported: "*", imported: "*" }]],
    ]);
  });

  it("makes a module that assigns its function to module.exports and a name at once a symbol", () => {
    expect(symbolRows(index).filter((r) => r[0] === "lib/flatten.js" || r[0] === "lib/assert.js")).toEqual([
      ["lib/assert.js", "default", "function", 2, 4, true],
      ["lib/flatten.js", "internals", "constant", 1, 1, false],
      ["lib/flatten.js", "internals.flatten", "function", 2, 4, true],
    ]);
  });

  it("binds Hub.name() to the module the hub re-exports, not to the declaration file", () => {
    expect(targets(index, "test/index.js")).toEqual([
      "2 Hoek.isPromise -> lib/isPromise.js#default@1",
      "3 Hoek.flatten -> lib/flatten.js#internals.flatten@2",
      "4 Hoek.pick -> lib/util.js#pick@1",
      "5 Hoek.AssertError -> lib/assertError.js#AssertError@1",
      "6 Hoek.keys -> lib/more.js#keys@1",
      "7 Hoek.assert -> lib/assert.js#default@2",
    ]);
  });

  it("binds names destructured or picked from the hub's require", () => {
    expect(targets(index, "test/destructure.js")).toEqual([
      "4 isPromise -> lib/isPromise.js#default@1",
      "5 keys -> lib/more.js#keys@1",
      "6 flat -> lib/flatten.js#internals.flatten@2",
      "7 choose -> lib/util.js#pick@1",
    ]);
  });

  it("takes a name found only in a declaration file to what its .js hands out under it", () => {
    expect(targets(index, "lib/walk.js")).toEqual(["2 keys -> lib/more.js#keys@1"]);
  });
});

describe("calls through hubs of object literals and ES module re-exports", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  beforeAll(async () => {
    repo = makeRepo({
      "qs/index.js": lines(
        "const parse = require('./parse');",
        "module.exports = { parse, str: require('./stringify'), ...require('./extra') };",
      ),
      "qs/parse.js": lines("module.exports = function (s) {", "  return s;", "};"),
      "qs/stringify.js": lines("module.exports = function (o) {", "  return '';", "};"),
      "qs/extra.js": lines("exports.decode = function (s) {", "  return s;", "};"),
      "qs/root.js": lines("module.exports = require('./parse');"),
      "src/index.ts": lines(
        "export { default as parse } from './parse';",
        "export * from './format';",
        "export * as util from './util';",
        "import run from './run';",
        "export { run as start };",
      ),
      "src/parse.ts": lines("export default function parse(s: string) {", "  return s;", "}"),
      "src/format.ts": lines("export function format(s: string) {", "  return s;", "}"),
      "src/util.ts": lines("export function pad(s: string) {", "  return s;", "}"),
      "src/run.ts": lines("export default function run() {", "  return 1;", "}"),
      "test/qs.js": lines(
        "const Qs = require('../qs');",
        "const root = require('../qs/root');",
        "Qs.parse('a');",
        "Qs.str({});",
        "Qs.decode('b');",
        "root('c');",
      ),
      "test/lib.test.ts": lines(
        "import * as Lib from '../src';",
        "import { parse, format } from '../src/index';",
        "Lib.parse('a');",
        "Lib.format('b');",
        "Lib.start();",
        "parse('c');",
        "format('d');",
      ),
    });
    index = await buildIndex(repo.root, { cache: null });
  });
  afterAll(() => repo.cleanup());

  it("records object members, spreads and ES module re-exports", () => {
    expect(reexportsOf(index, "qs/index.js")).toEqual([
      ["qs/parse.js", [{ exported: "parse", imported: "*" }]],
      ["qs/stringify.js", [{ exported: "str", imported: "*" }]],
      ["qs/extra.js", [{ exported: "*", imported: "*" }]],
    ]);
    expect(reexportsOf(index, "src/index.ts")).toEqual([
      ["src/parse.ts", [{ exported: "parse", imported: "default" }]],
      ["src/format.ts", [{ exported: "*", imported: "*" }]],
      ["src/util.ts", [{ exported: "util", imported: "*" }]],
      ["src/run.ts", [{ exported: "start", imported: "default" }]],
    ]);
  });

  it("binds calls through them to the modules they re-export", () => {
    expect(targets(index, "test/qs.js")).toEqual([
      "3 Qs.parse -> qs/parse.js#default@1",
      "4 Qs.str -> qs/stringify.js#default@1",
      "5 Qs.decode -> qs/extra.js#decode@1",
      "6 root -> qs/parse.js#default@1",
    ]);
    expect(targets(index, "test/lib.test.ts")).toEqual([
      "3 Lib.parse -> src/parse.ts#parse@1",
      "4 Lib.format -> src/format.ts#format@1",
      "5 Lib.start -> src/run.ts#run@1",
      "6 parse -> src/parse.ts#parse@1",
      "7 format -> src/format.ts#format@1",
    ]);
  });
});

describe("incremental builds through a hub", () => {
  it("re-resolves calls through a hub when the module it re-exports changes, as a full build does", async () => {
    const repo = makeRepo({
      "index.js": lines("exports.isPromise = require('./isPromise');"),
      "isPromise.js": lines("module.exports = function (p) {", "  return p;", "};"),
      "test/a.js": lines("const H = require('..');", "H.isPromise(1);"),
    });
    const cache = openIndexCache(null, extractorVersion());
    const target = async () => {
      const incremental = await buildIndex(repo.root, { cache });
      const full = await buildIndex(repo.root, { cache: null });
      expect(incremental.calls).toEqual(full.calls);
      return incremental.calls.find((c) => c.calleeName === "H.isPromise")?.to;
    };
    try {
      expect(await target()).toBe("isPromise.js#default@1");
      repo.write("isPromise.js", lines("// moved", "module.exports = function (p) {", "  return p;", "};"));
      expect(await target()).toBe("isPromise.js#default@2");
      repo.write("index.js", lines("exports.isPromise = require('./other');"));
      repo.write("other.js", lines("exports.x = 1;"));
      expect(await target()).toBe(null);
    } finally {
      cache.close();
      repo.cleanup();
    }
  });
});
