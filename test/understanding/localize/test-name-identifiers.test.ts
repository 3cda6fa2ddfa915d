// A failing test named after the function at fault, which it reaches only through another: the
// failure (an assertion on output) prints no frame and no name of it; only the test's name spells it.
// The suites run for real (node:test, unittest); perception reads their logs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Failure } from "../../../src/perception/failure.ts";
import { localize, type SuspectLocation } from "../../../src/understanding/localize/localize.ts";
import { testNameIdentifiers } from "../../../src/understanding/localize/test-name-identifiers.ts";
import { makeRepo, type TestRepo } from "../make-repo.ts";
import { failingRun, unittestDiscover } from "./failing-run.ts";

describe("a failing node:test test whose name spells the faulty function", () => {
  let repo: TestRepo;
  let failures: Failure[];
  let ranked: SuspectLocation[];
  beforeAll(async () => {
    repo = makeRepo(
      {
        "package.json": '{ "name": "rows", "type": "module", "private": true }\n',
        "lib/cycler.js": [
          "export function cycler(...items) {",
          "  let index = -2;",
          "  return { next: () => items[(index = (index + 1) % items.length)] };",
          "}",
          "",
        ].join("\n"),
        "lib/table.js": [
          'import { cycler } from "./cycler.js";',
          "",
          "export function renderRows(rows) {",
          '  const parity = cycler("odd", "even");',
          "  return rows.map((row) => `${parity.next()}:${row}`).join(',');",
          "}",
          "",
        ].join("\n"),
        // `parse` is a word three modules share: a test that spells it points at none of them.
        ...Object.fromEntries(
          ["csv", "json", "yaml"].map((kind) => [
            `lib/${kind}.js`,
            `export function parse(text) {\n  return text.split("${kind}");\n}\n`,
          ]),
        ),
        "test/table.test.js": [
          'import { test } from "node:test";',
          'import assert from "node:assert/strict";',
          'import { renderRows } from "../lib/table.js";',
          "",
          'test("rows alternate odd and even with cycler", () => {',
          '  assert.equal(renderRows(["a", "b"]), "odd:a,even:b");',
          "});",
          "",
          'test("rows parse back to what was rendered", () => {',
          '  assert.equal(renderRows(["c"]), "odd:c");',
          "});",
          "",
          'test("renderRows starts with odd", () => {',
          '  assert.equal(renderRows(["d"]), "odd:d");',
          "});",
          "",
        ].join("\n"),
      },
      { git: false },
    );
    const run = await failingRun(repo.root, [process.execPath, "--test", "test/table.test.js"]);
    failures = run.failures;
    ranked = localize({ index: run.index, failures, logText: run.log, readLines: run.readLines });
  });
  afterAll(() => repo.cleanup());

  const whyOf = (symbol: string, file?: string) =>
    ranked.find((r) => r.symbol === symbol && (file === undefined || r.file === file))?.why.join("; ") ?? "";

  it("reads the function's name from the failing test's name", () => {
    expect(failures.map((f) => f.test)).toContain("rows alternate odd and even with cycler");
    expect(testNameIdentifiers(failures.flatMap((f) => (f.test ? [f.test] : [])))).toContain("cycler");
  });

  // The test calls renderRows, which stays first on the test-facing signals; the name lifts cycler
  // over the rest of what the failing tests reach (its closure `next`, the parsers).
  it("points at the function the test's name spells, and says why", () => {
    expect(ranked.slice(0, 2).map((r) => r.symbol)).toEqual(["renderRows", "cycler"]);
    expect(whyOf("cycler")).toMatch(/exact_name: a failing test's name spells cycler/);
  });

  it("takes no pointer from the name of what the test calls itself", () => {
    expect(whyOf("renderRows")).toMatch(/test_callee/);
    expect(whyOf("renderRows")).not.toMatch(/test's name spells/);
  });

  it("takes no pointer from a word that names several functions", () => {
    for (const kind of ["csv", "json", "yaml"])
      expect(whyOf("parse", `lib/${kind}.js`)).not.toMatch(/test's name spells/);
  });
});

describe("a failing unittest test named test_<function>", () => {
  let repo: TestRepo;
  let failures: Failure[];
  beforeAll(async () => {
    repo = makeRepo(
      {
        "dates/__init__.py": "",
        "dates/parse.py": [
          "def parse_date(text):",
          "    day, month, year = text.split('.')",
          "    return (int(year), int(day), int(month))",
          "",
          "",
          "def parse_iso(text):",
          "    return parse_date('.'.join(reversed(text.split('-'))))",
          "",
        ].join("\n"),
        "tests/__init__.py": "",
        "tests/test_parse.py": [
          "import unittest",
          "from dates.parse import parse_iso",
          "",
          "",
          "class ParseTest(unittest.TestCase):",
          "    def test_parse_date(self):",
          "        self.assertEqual(parse_iso('2024-05-07'), (2024, 5, 7))",
          "",
        ].join("\n"),
      },
      { git: false },
    );
    failures = (await failingRun(repo.root, unittestDiscover)).failures;
  });
  afterAll(() => repo.cleanup());

  it("reads the name without the test_ prefix, not the module path's words", () => {
    const names = failures.flatMap((f) => (f.test ? [f.test] : []));
    expect(names.join(" ")).toMatch(/test_parse_date/);
    const identifiers = testNameIdentifiers(names);
    expect(identifiers).toContain("parse_date");
  });
});
