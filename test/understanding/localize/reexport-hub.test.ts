import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Failure } from "../../../src/perception/failure.ts";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";
import { localize } from "../../../src/understanding/localize/localize.ts";
import { lines, makeRepo, type TestRepo } from "../make-repo.ts";

// The shape of @hapi/hoek: the package's main is a hub of `exports.x = require('./x')` with
// hand-written declarations beside it; one module per helper is its `module.exports` function; the
// tests require the package root and fail on an assertion, so the only frame is the test's own.
describe("a failing test that calls the package's helpers through a re-export hub", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  beforeAll(async () => {
    repo = makeRepo({
      "package.json": JSON.stringify({ name: "hoek", main: "lib/index.js", types: "lib/index.d.ts" }),
      "lib/index.js": lines(
        "exports.isPromise = require('./isPromise');",
        "exports.escapeHtml = require('./escapeHtml');",
      ),
      "lib/index.d.ts": lines(
        "export function isPromise(promise: any): boolean;",
        "export function escapeHtml(string: string): string;",
      ),
      "lib/isPromise.js": lines(
        "module.exports = function (promise) {",
        "  return typeof promise?.then !== 'function';",
        "};",
      ),
      "lib/escapeHtml.js": lines(
        "module.exports = function (input) {",
        "  return input.replace(/</g, '&lt;');",
        "};",
      ),
      "test/index.js": lines(
        "const Hoek = require('..');",
        "describe('isPromise()', () => {",
        "  it('determines if an object is a promise', () => {",
        "    expect(Hoek.isPromise(Promise.resolve())).to.be.true();",
        "  });",
        "});",
        "describe('escapeHtml()', () => {",
        "  it('escapes tags', () => {",
        "    expect(Hoek.escapeHtml('<a>')).to.equal('&lt;a>');",
        "  });",
        "});",
      ),
    });
    index = await buildIndex(repo.root, { cache: null });
  });
  afterAll(() => repo.cleanup());

  it("ranks the function the hub hands out for the called name first, with the test's call as evidence", () => {
    const failure: Failure = {
      tool: "lab",
      kind: "test",
      file: "test/index.js",
      line: 4,
      column: 55,
      test: "isPromise() determines if an object is a promise",
      message: "Expected false to be true",
      rule: null,
      frames: [{ file: "test/index.js", line: 4, function: "<anonymous>", external: false }],
    };
    const [top] = localize({
      index,
      failures: [failure],
      logText: "not ok 1 isPromise() determines if an object is a promise\n  Expected false to be true",
      readLines: (path) => readFileSync(join(repo.root, path), "utf8").split("\n"),
    });
    expect([top?.file, top?.symbol]).toEqual(["lib/isPromise.js", "default"]);
    expect(top?.why).toEqual(
      expect.arrayContaining([expect.stringMatching(/called by the failing test at test\/index.js:4/)]),
    );
  });
});
