import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diagnose } from "../../../src/perception/diagnose.ts";
import type { Failure } from "../../../src/perception/failure.ts";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";
import { createSymbolLookup } from "../../../src/understanding/index/symbol-lookup.ts";
import { isTestBlock } from "../../../src/understanding/index/symbol-tables.ts";
import { collectSignals } from "../../../src/understanding/localize/localize.ts";
import { namedTestLocations } from "../../../src/understanding/localize/named-test-location.ts";
import { createLogPathResolver } from "../../../src/understanding/localize/resolve-log-path.ts";
import { lines, makeRepo, type TestRepo } from "../make-repo.ts";

// The log is tap 16's `tap --no-coverage --timeout=3 -R tap test/json.js` on exactly the files below
// (the checkout's path in it replaced): `parse` never returns, so tap kills the file and names the
// test that was running by its parents' titles, `words > read back > timeout!`, with no line of it
// (json5's tests time out the same way). Its block is a subtest, `t.test("read back", ...)`.
const tapLog = readFileSync("test/fixtures/perception/tap-subtest-timeout/log.txt", "utf8");

const project = {
  "lib/parse.js": lines(
    "module.exports = function parse (text) {",
    "  let i = 0",
    "  while (i < text.length) {",
    "    if (text[i] !== ' ') i++",
    "  }",
    "  return text.split(' ')",
    "}",
  ),
  "lib/stringify.js": lines("module.exports = function stringify (words) {", "  return words.join(' ')", "}"),
  "test/json.js": lines(
    "const t = require('tap')",
    "const parse = require('../lib/parse')",
    "const stringify = require('../lib/stringify')",
    "",
    "t.test('words', t => {",
    "  t.test('stringify', t => {",
    "    t.equal(stringify(['a', 'b']), 'a b')",
    "    t.end()",
    "  })",
    "",
    "  t.test('read back', t => {",
    "    t.same(parse('a'), ['a'])",
    "    t.same(parse('a b'), ['a', 'b'])",
    "    t.end()",
    "  })",
    "",
    "  t.end()",
    "})",
  ),
};

describe("a tap subtest that timed out, named by its parents' titles with no line", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  let failures: Failure[];
  beforeAll(async () => {
    repo = makeRepo(project);
    index = await buildIndex(repo.root, { cache: null });
    failures = [...(await diagnose(tapLog, { repoRoot: "/home/runner/work/fx/fx" })).failures];
  });
  afterAll(() => repo.cleanup());

  it("indexes each t.test() as a test block named by its titles", () => {
    const blocks = index.symbols.filter(isTestBlock).map((s) => [s.qualifiedName, s.startLine]);
    expect(blocks).toEqual([
      ["words", 5],
      ["words.stringify", 6],
      ["words.read back", 11],
    ]);
  });

  it("finds the subtest that was running, and the calls in it are the test's", () => {
    const resolve = createLogPathResolver(index.files.map((f) => f.path));
    const found = namedTestLocations(failures, [], resolve, createSymbolLookup(index), index.symbols);
    expect(found.map((l) => [l.file, l.line])).toContainEqual(["test/json.js", 11]);
    const { signals, lookup } = collectSignals({
      index,
      failures,
      logText: tapLog,
      readLines: (path) => project[path as keyof typeof project]?.split("\n") ?? null,
    });
    const called = [...(signals.get("test_callee")?.keys() ?? [])].map((id) => lookup.byId(id)?.file);
    expect(called).toContain("lib/parse.js");
    expect(called).not.toContain("lib/stringify.js");
  });
});

// The log is vitest 5's `vitest run` on exactly the files below (the checkout's path in it replaced):
// one case per fixture, titled at run time (`it(name, ...)` in a loop, no title the index can read),
// and the code throws a string, so the failure has no line. Its file is given apart from its name,
// `pick > no keys`, which goes on past the describe that made the cases: that block holds the calls.
const vitestLog = readFileSync("test/fixtures/perception/vitest-generated-case/log.txt", "utf8");

const generated = {
  "src/pick.js": lines(
    "export function pick(keys, wanted) {",
    "  if (wanted.length === 0) throw 'nothing to pick';",
    "  return keys.filter((k) => wanted.includes(k));",
    "}",
  ),
  "src/omit.js": lines(
    "export function omit(keys, unwanted) {",
    "  return keys.filter((k) => !unwanted.includes(k));",
    "}",
  ),
  "test/pick.test.js": lines(
    "import { describe, expect, it } from 'vitest';",
    "import { pick } from '../src/pick.js';",
    "",
    "const fixtures = { 'two keys': [['a', 'b'], ['a']], 'no keys': [['a'], []] };",
    "",
    "describe('pick', () => {",
    "  for (const [name, [keys, wanted]] of Object.entries(fixtures)) {",
    "    it(name, () => {",
    "      expect(pick(keys, wanted)).toEqual(keys.filter((k) => wanted.includes(k)));",
    "    });",
    "  }",
    "});",
  ),
  "test/omit.test.js": lines(
    "import { describe, expect, it } from 'vitest';",
    "import { omit } from '../src/omit.js';",
    "",
    "describe('omit', () => {",
    "  it('drops the keys', () => {",
    "    expect(omit(['a', 'b'], ['a'])).toEqual(['b']);",
    "  });",
    "});",
  ),
};

describe("a vitest case generated at run time, named by file and titles with no line", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  let failures: Failure[];
  beforeAll(async () => {
    repo = makeRepo(generated);
    index = await buildIndex(repo.root, { cache: null });
    failures = [...(await diagnose(vitestLog, { repoRoot: "/home/runner/work/fx/fx" })).failures];
  });
  afterAll(() => repo.cleanup());

  it("finds the describe that made the case, and what it calls", () => {
    expect(failures.map((f) => [f.file, f.test])).toEqual([["test/pick.test.js", "pick > no keys"]]);
    const resolve = createLogPathResolver(index.files.map((f) => f.path));
    const found = namedTestLocations(failures, [], resolve, createSymbolLookup(index), index.symbols);
    expect(found.map((l) => [l.file, l.line])).toEqual([["test/pick.test.js", 6]]);
    const { signals, lookup } = collectSignals({
      index,
      failures,
      logText: vitestLog,
      readLines: (path) => generated[path as keyof typeof generated]?.split("\n") ?? null,
    });
    const called = [...(signals.get("test_callee")?.keys() ?? [])].map((id) => lookup.byId(id)?.file);
    expect(called).toEqual(["src/pick.js"]);
  });
});
