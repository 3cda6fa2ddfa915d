import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";
import { importRows } from "./index-shape.ts";
import { lines, makeRepo, type TestRepo } from "../make-repo.ts";

// yaml's layout: tests import the package by its own name (jest maps it to the source), and its
// package.json `main` names the build output, which a checkout lacks.
describe("a test that imports its own package by name", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  beforeAll(async () => {
    repo = makeRepo({
      "package.json": JSON.stringify({ name: "yaml-lite", main: "./dist/index.js" }),
      "src/index.ts": lines("export { parse } from './parse.ts'"),
      "src/parse.ts": lines("export function parse(s: string) {", "  return s", "}"),
      "src/util.ts": lines("export function fold(s: string) {", "  return s", "}"),
      "packages/cli/package.json": JSON.stringify({ name: "@yaml-lite/cli", main: "run.js" }),
      "packages/cli/run.js": lines("exports.run = function () {};"),
      "tests/parse.ts": lines(
        "import * as YAML from 'yaml-lite'",
        "import { fold } from 'yaml-lite/util'",
        "import { run } from '@yaml-lite/cli'",
        "import { other } from 'yaml-lite-plugin'",
        "YAML.parse(fold('a'))",
        "run()",
      ),
    });
    index = await buildIndex(repo.root, { cache: null });
  });
  afterAll(() => repo.cleanup());

  it("resolves it to the source the build output comes from, and a workspace package to its main", () => {
    expect(importRows(index)).toEqual([
      ["src/index.ts", "./parse.ts", "src/parse.ts", [], 1],
      ["tests/parse.ts", "yaml-lite", "src/index.ts", ["YAML"], 1],
      ["tests/parse.ts", "yaml-lite/util", "src/util.ts", ["fold"], 2],
      ["tests/parse.ts", "@yaml-lite/cli", "packages/cli/run.js", ["run"], 3],
      ["tests/parse.ts", "yaml-lite-plugin", null, ["other"], 4],
    ]);
  });

  it("binds the test's calls through it", () => {
    const to = (callee: string) =>
      index.calls.find((c) => c.file === "tests/parse.ts" && c.calleeName === callee)?.to;
    expect(to("YAML.parse")).toBe("src/parse.ts#parse@1");
    expect(to("fold")).toBe("src/util.ts#fold@1");
  });
});

// A fixture or a vendored copy is not the repository's package, whatever it is named.
describe("package names of fixtures and vendored copies", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  beforeAll(async () => {
    repo = makeRepo({
      "package.json": JSON.stringify({ name: "mylib", main: "src/index.js" }),
      "src/index.js": lines("const _ = require('lodash');", "const me = require('mylib/src/util.js');"),
      "src/util.js": lines("exports.u = 1;"),
      "e2e/app/package.json": JSON.stringify({ name: "mylib", main: "app.js" }),
      "e2e/app/app.js": lines("exports.a = 1;"),
      "test/fixtures/lodash/package.json": JSON.stringify({ name: "lodash", main: "index.js" }),
      "test/fixtures/lodash/index.js": lines("exports.chunk = function () {};"),
      "vendor/lodash/package.json": JSON.stringify({ name: "lodash", main: "index.js" }),
      "vendor/lodash/index.js": lines("exports.chunk = function () {};"),
    });
    index = await buildIndex(repo.root, { cache: null });
  });
  afterAll(() => repo.cleanup());

  it("never resolves a dependency's name to a fixture, nor the project's own name to a fixture copying it", () => {
    const rows = importRows(index).filter((r) => r[0] === "src/index.js");
    expect(rows.map((r) => [r[1], r[2]])).toEqual([
      ["lodash", null],
      ["mylib/src/util.js", "src/util.js"],
    ]);
  });
});

// unjs' and sindresorhus' layout: no `main`, the entry named by `exports` only, through conditions,
// and a bundle named by its format (`dist/index.cjs` built from `src/index.ts`).
describe("a package whose entry only `exports` names", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  beforeAll(async () => {
    repo = makeRepo({
      "package.json": JSON.stringify({
        name: "case-kit",
        exports: {
          ".": { types: "./dist/index.d.ts", import: "./dist/index.mjs", require: "./dist/index.cjs" },
        },
      }),
      "src/index.ts": lines("export function snakeCase(s: string) {", "  return s", "}"),
      "packages/slug/package.json": JSON.stringify({ name: "slug-kit", exports: "./slug.js" }),
      "packages/slug/slug.js": lines("export default function slug(s) {", "  return s", "}"),
      // Node refuses a target that leaves its package (ERR_INVALID_PACKAGE_TARGET): no entry.
      "packages/words/package.json": JSON.stringify({ name: "words-kit", exports: "./../core/split.js" }),
      "packages/words/index.js": lines("export function words(s) {", "  return [s]", "}"),
      "packages/core/split.js": lines("export function words(s) {", "  return s.split(' ')", "}"),
      "test/case.test.ts": lines(
        "import { snakeCase } from 'case-kit'",
        "import slug from 'slug-kit'",
        "import { words } from 'words-kit'",
        "snakeCase(slug(words('a')[0]))",
      ),
    });
    index = await buildIndex(repo.root, { cache: null });
  });
  afterAll(() => repo.cleanup());

  it("resolves the name through `exports` to the source the bundle comes from, or to the file it names", () => {
    expect(importRows(index).map((r) => [r[1], r[2]])).toEqual([
      ["case-kit", "src/index.ts"],
      ["slug-kit", "packages/slug/slug.js"],
      ["words-kit", "packages/words/index.js"],
    ]);
  });
});
