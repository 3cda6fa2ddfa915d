import { describe, expect, it } from "vitest";
import { unittestParser } from "../../../src/perception/parsers/unittest-parser.ts";
import { brief, fixtureLines, parseFixture } from "./parse-fixture.ts";

const base = { column: null, rule: null, kind: "test" };
const id = "utests.test_stock_unit.StockTest";

describe("unittest parser", () => {
  it.each(["unittest-inventory-verbose", "unittest-inventory-quiet"])(
    "reads failures, errors, subtests, docstring headers and import failures (%s)",
    (caseId) => {
      expect(parseFixture(unittestParser, caseId).map(brief)).toEqual([
        {
          ...base,
          file: "utests/test_broken_unit.py",
          line: 1,
          test: null,
          message: "ModuleNotFoundError: No module named 'inventory.missing_module'",
        },
        {
          ...base,
          file: "src/inventory/stock.py",
          line: 14,
          test: `${id}.test_remove_unknown`,
          message: "KeyError: 'kiwi'",
        },
        {
          ...base,
          file: "src/inventory/stock.py",
          line: 10,
          test: `${id}.test_subtests (qty=0)`,
          message: "ValueError: quantity must be positive, got 0",
        },
        {
          ...base,
          file: "src/inventory/stock.py",
          line: 10,
          test: `${id}.test_subtests (qty=-1)`,
          message: "ValueError: quantity must be positive, got -1",
        },
        {
          ...base,
          file: "utests/test_doc_unit.py",
          line: 9,
          test: "utests.test_doc_unit.DocumentedTest.test_total_of_empty",
          message: "AssertionError: 1 != 0",
        },
        {
          ...base,
          file: "utests/test_stock_unit.py",
          line: 12,
          test: `${id}.test_total`,
          message: "AssertionError: 4 != 3",
        },
      ]);
    },
  );

  it("keeps the stdlib frames of a failed import as external frames", () => {
    const [importFailure] = parseFixture(unittestParser, "unittest-inventory-quiet");
    expect(importFailure?.frames.map((f) => f.external)).toEqual([true, true, false]);
  });

  it("is not fooled by pytest output", () => {
    expect(unittestParser.detect(fixtureLines("pytest-inventory-native"))).toBe(0);
  });
});
