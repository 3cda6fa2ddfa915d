import { describe, expect, it } from "vitest";
import { pytestParser } from "../../../src/perception/parsers/pytest-parser.ts";
import { brief, fixtureLines, parseFixture, parseLines } from "./parse-fixture.ts";

const T = "tests/test_stock.py";
const P = "tests/sub/test_pricing.py";
const fail = (file: string, line: number | null, test: string | null, message: string) => ({
  file,
  line,
  column: null,
  test,
  message,
  rule: null,
  kind: "test",
});

// The same eight defects, as every --tb style reports them.
const inventory = [
  fail(T, 31, `${T}::test_uses_missing_fixture`, "fixture 'warehouse' not found"),
  fail("src/inventory/pricing.py", 9, `${P}::test_gross[net1-zero-expected1]`, "KeyError: 'zero'"),
  fail(
    P,
    17,
    `${P}::test_gross[net2-reduced-expected2]`,
    "AssertionError: assert Decimal('1.575') == Decimal('1.60')",
  ),
  fail(
    "src/inventory/pricing.py",
    13,
    `${P}::test_label_formats`,
    'TypeError: can only concatenate str (not "decimal.Decimal") to str',
  ),
  fail(T, 20, `${T}::TestStock::test_total_counts_all`, "assert 8 == 7"),
  fail("src/inventory/stock.py", 14, `${T}::TestStock::test_remove_unknown_sku`, "KeyError: 'kiwi'"),
  fail(T, 27, `${T}::test_add_rejects_zero`, "AssertionError: Regex pattern did not match."),
  fail(T, null, `${T}::test_negative_blocked`, "[XPASS(strict)] negative stock not blocked yet"),
];
const byTest = (a: { test: string | null }, b: { test: string | null }) =>
  (a.test ?? "").localeCompare(b.test ?? "");

describe("pytest parser", () => {
  it.each(["pytest-inventory-long", "pytest-inventory-native", "pytest-inventory-line"])(
    "reads every failure, located at the innermost project frame of the last exception (%s)",
    (caseId) => {
      expect(parseFixture(pytestParser, caseId).map(brief).sort(byTest)).toEqual([...inventory].sort(byTest));
    },
  );

  it("reads xdist and colour output of pytest 7, whose summary omits the XPASS reason", () => {
    for (const caseId of ["pytest-inventory-xdist", "pytest-inventory-color-short"]) {
      const found = parseFixture(pytestParser, caseId).map(brief).sort(byTest);
      expect(found.map((f) => [f.file, f.line, f.test])).toEqual(
        [...inventory].sort(byTest).map((f) => [f.file, f.line, f.test]),
      );
      expect(found.find((f) => f.test?.endsWith("test_negative_blocked"))?.message).toBe(
        "[XPASS(strict)] negative stock not blocked yet",
      );
    }
  });

  it("keeps frames in site-packages as frames but never as the location", () => {
    const [first] = parseFixture(pytestParser, "pytest-inventory-native").filter((f) =>
      f.test?.includes("net1"),
    );
    expect(first?.frames.some((f) => f.external && f.file.includes("site-packages/_pytest/"))).toBe(true);
    expect(first?.frames.filter((f) => !f.external).map((f) => `${f.file}:${f.line}:${f.function}`)).toEqual([
      "tests/sub/test_pricing.py:17:test_gross",
      "src/inventory/pricing.py:9:gross",
    ]);
  });

  it("reports collection errors per file with no test name", () => {
    for (const caseId of ["pytest-inventory-collect", "pytest-inventory-collect-new"])
      expect(parseFixture(pytestParser, caseId).map(brief)).toEqual([
        {
          ...fail("tests/broken/test_import.py", 1, null, ""),
          message:
            "ImportError: cannot import name 'Warehouse' from 'inventory.stock' (/home/runner/work/inventory/inventory/src/inventory/stock.py)",
        },
        fail("tests/broken/test_syntax.py", 1, null, "SyntaxError: invalid syntax"),
      ]);
  });

  it("reads a failing doctest with its Expected/Got as the message", () => {
    expect(parseFixture(pytestParser, "pytest-inventory-doctest").map(brief)).toEqual([
      fail(
        "src/inventory/fmt.py",
        4,
        "src/inventory/fmt.py::inventory.fmt.cents",
        "Expected:\n    '1.50'\nGot:\n    '1.5'",
      ),
    ]);
  });

  it("reads pytest 9 subtests one by one and drops the parent that failed only through them", () => {
    const id = "subtests/test_quantities.py::test_add_quantities";
    expect(parseFixture(pytestParser, "pytest-inventory-subtests").map(brief)).toEqual([
      fail(
        "src/inventory/stock.py",
        10,
        `${id} [add] (qty=0)`,
        "ValueError: quantity must be positive, got 0",
      ),
      fail(
        "src/inventory/stock.py",
        10,
        `${id} [add] (qty=-1)`,
        "ValueError: quantity must be positive, got -1",
      ),
    ]);
  });

  it("ignores PASSED lines of -rA and passing progress lines", () => {
    const found = parseFixture(pytestParser, "pytest-inventory-long");
    expect(found.some((f) => f.test?.includes("test_add_accumulates") || f.test?.includes("net0"))).toBe(
      false,
    );
  });

  it("falls back to the -v / xdist progress results when the run printed no summary", () => {
    const lines = fixtureLines("pytest-inventory-xdist");
    const summary = lines.findIndex((l) => l.includes("short test summary info"));
    const found = parseLines(pytestParser, lines.slice(0, summary));
    expect(found).toHaveLength(8);
    expect(found.find((f) => f.test === `${T}::TestStock::test_total_counts_all`)?.line).toBe(20);
  });

  it("names tests from the section titles when the run printed no summary (-rN)", () => {
    const lines = fixtureLines("pytest-inventory-long");
    const summary = lines.findIndex((l) => l.includes("short test summary info"));
    const found = parseLines(pytestParser, lines.slice(0, summary));
    expect(found.map((f) => [f.file, f.line, f.test])).toEqual([
      [T, 31, "test_uses_missing_fixture"],
      ["src/inventory/pricing.py", 9, "test_gross[net1-zero-expected1]"],
      [P, 17, "test_gross[net2-reduced-expected2]"],
      ["src/inventory/pricing.py", 13, "test_label_formats"],
      [T, 20, "TestStock::test_total_counts_all"],
      ["src/inventory/stock.py", 14, "TestStock::test_remove_unknown_sku"],
      [T, 27, "test_add_rejects_zero"],
      [null, null, "test_negative_blocked"],
    ]);
  });

  it("reads --tb=line locations even without a summary", () => {
    const lines = fixtureLines("pytest-inventory-line");
    const summary = lines.findIndex((l) => l.includes("short test summary info"));
    const found = parseLines(pytestParser, lines.slice(0, summary));
    expect(found.map((f) => `${f.file}:${f.line}`)).toEqual([
      `${T}:31`,
      "src/inventory/pricing.py:9",
      `${P}:17`,
      "src/inventory/pricing.py:13",
      `${T}:20`,
      "src/inventory/stock.py:14",
      `${T}:27`,
    ]);
  });

  it("reports summary-only failures (--tb=no) at the test file", () => {
    const lines = fixtureLines("pytest-inventory-long");
    const summary = lines.findIndex((l) => l.includes("short test summary info"));
    const found = parseLines(pytestParser, lines.slice(summary));
    expect(found.map((f) => [f.file, f.line])).toContainEqual([P, null]);
    expect(found).toHaveLength(8);
  });

  it("keeps a parametrized id's own ` - ` in the node id, with or without a message after it", () => {
    // pytest 7.2 -q --tb=no, ids "odd - rounds up" and "[x - y]"
    const found = parseLines(pytestParser, [
      "=========================== short test summary info ============================",
      "FAILED tests/test_pricing.py::test_round_cents[odd - rounds up] - assert 2.55 == 2.56",
      "FAILED tests/test_pricing.py::test_label[[x - y]]",
      "ERROR tests/test_pricing.py::test_fix[a - b] - RuntimeError: fixture - broken",
      "3 failed in 0.05s",
    ]);
    expect(found.map((f) => [f.test, f.message])).toEqual([
      ["tests/test_pricing.py::test_round_cents[odd - rounds up]", "assert 2.55 == 2.56"],
      ["tests/test_pricing.py::test_label[[x - y]]", "FAILED tests/test_pricing.py::test_label[[x - y]]"],
      ["tests/test_pricing.py::test_fix[a - b]", "RuntimeError: fixture - broken"],
    ]);
  });

  it("does not claim logs of other Python tools", () => {
    for (const caseId of [
      "unittest-inventory-verbose",
      "mypy-inventory",
      "flake8-inventory",
      "pylint-inventory-text",
    ])
      expect(pytestParser.detect(fixtureLines(caseId)), caseId).toBe(0);
  });
});
