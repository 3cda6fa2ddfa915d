import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Failure } from "../../../src/perception/failure.ts";
import { diagnose } from "../../../src/perception/diagnose.ts";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";
import { createSymbolLookup } from "../../../src/understanding/index/symbol-lookup.ts";
import { localize } from "../../../src/understanding/localize/localize.ts";
import { namedTestLocations } from "../../../src/understanding/localize/named-test-location.ts";
import { createLogPathResolver } from "../../../src/understanding/localize/resolve-log-path.ts";
import { lines, makeRepo, type TestRepo } from "../make-repo.ts";

// The log is ava 6.4.1's `npx ava --tap test/exclude.js test/pick.js` on exactly the files below (the
// checkout's path in it replaced): the code throws a string, so the failure has no frame of the
// project and ava names the test `exclude › handles an empty list`, its file's name first.
const avaLog = readFileSync("test/fixtures/perception/ava-thrown-string/log.txt", "utf8");

const project = {
  "src/query.js": lines(
    "'use strict';",
    "",
    "function exclude(keys, drop) {",
    "  if (drop.length === 0) throw 'nothing to exclude';",
    "  return keys.filter((k) => !drop.includes(k));",
    "}",
    "",
    "function pick(keys, wanted) {",
    "  return keys.filter((k) => wanted.includes(k));",
    "}",
    "",
    "module.exports = { exclude, pick };",
  ),
  "test/exclude.js": lines(
    "const test = require('ava');",
    "const { exclude } = require('../src/query.js');",
    "",
    "test('keeps the other keys', (t) => {",
    "  t.deepEqual(exclude(['a', 'b'], ['a']), ['b']);",
    "});",
    "",
    "test('handles an empty list', (t) => {",
    "  t.deepEqual(exclude(['a'], []), ['a']);",
    "});",
  ),
  // The same title in another file: only the name's leading title tells them apart.
  "test/pick.js": lines(
    "const test = require('ava');",
    "const { pick } = require('../src/query.js');",
    "",
    "test('keeps the wanted keys', (t) => {",
    "  t.deepEqual(pick(['a', 'b'], ['a']), ['a']);",
    "});",
    "",
    "test('handles an empty list', (t) => {",
    "  t.deepEqual(pick(['a'], []), []);",
    "});",
  ),
};

describe("a failing test named by titles only, with no file and no frame", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  let failures: readonly Failure[];
  beforeAll(async () => {
    repo = makeRepo(project);
    index = await buildIndex(repo.root, { cache: null });
    failures = (await diagnose(avaLog, { repoRoot: repo.root })).failures;
  });
  afterAll(() => repo.cleanup());

  const locate = (list: readonly Failure[]) =>
    namedTestLocations(
      list,
      [],
      createLogPathResolver(index.files.map((f) => f.path)),
      createSymbolLookup(index),
      index.symbols,
    );

  it("reads ava's failure as a name with no file", () => {
    expect(failures.map((f) => [f.test, f.file])).toEqual([["exclude › handles an empty list", null]]);
  });

  it("finds the test in the file ava's leading title names", () => {
    expect(locate(failures)).toEqual([
      { file: "test/exclude.js", line: 8, byName: "exclude › handles an empty list" },
    ]);
  });

  it("ranks what that test calls first", () => {
    const readLines = (path: string) => readFileSync(`${repo.root}/${path}`, "utf8").split("\n");
    const top = localize({ index, failures, logText: avaLog, readLines, limit: 3 })[0];
    expect(top?.symbol).toBe("exclude");
    expect(top?.why.join("; ")).toContain(
      'called by the failing test at test/exclude.js:9 (found by its name "exclude › handles an empty list")',
    );
  });

  it("takes no file for a bare title two files declare, and the one a leading title names", () => {
    const named = { ...failures[0]!, test: "handles an empty list" };
    // Two files declare the title: without a file's name, neither is taken.
    expect(locate([named])).toEqual([]);
    expect(locate([{ ...named, test: "pick › handles an empty list" }])).toEqual([
      { file: "test/pick.js", line: 8, byName: "pick › handles an empty list" },
    ]);
  });
});

// ava takes `.test`, `.spec`, every `test-` and `__tests__` folders out of the file's path before it
// prefixes a title with it: test/test-exclude.js's tests are `exclude › …` too.
describe("a failing ava test whose file's name ava shortened", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  let failures: readonly Failure[];
  beforeAll(async () => {
    repo = makeRepo({
      "src/query.js": project["src/query.js"],
      "test/test-exclude.js": project["test/exclude.js"],
      "test/__tests__/pick.spec.js": project["test/pick.js"],
    });
    index = await buildIndex(repo.root, { cache: null });
    failures = (await diagnose(avaLog, { repoRoot: repo.root })).failures;
  });
  afterAll(() => repo.cleanup());

  it("finds the test in the file the shortened title names", () => {
    const named = (test: string) =>
      namedTestLocations(
        [{ ...failures[0]!, test }],
        [],
        createLogPathResolver(index.files.map((f) => f.path)),
        createSymbolLookup(index),
        index.symbols,
      );
    expect(named("exclude › handles an empty list")).toEqual([
      { file: "test/test-exclude.js", line: 8, byName: "exclude › handles an empty list" },
    ]);
    expect(named("pick › handles an empty list")).toEqual([
      { file: "test/__tests__/pick.spec.js", line: 8, byName: "pick › handles an empty list" },
    ]);
  });
});
