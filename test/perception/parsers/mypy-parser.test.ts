import { describe, expect, it } from "vitest";
import { mypyParser } from "../../../src/perception/parsers/mypy-parser.ts";
import { brief, fixtureLines, parseFixture } from "./parse-fixture.ts";

const base = { test: null, kind: "type", column: null };
const pricing = "src/inventory/pricing.py";

describe("mypy parser", () => {
  it("reads every error with its code and folds notes into the error above", () => {
    const found = parseFixture(mypyParser, "mypy-inventory").map(brief);
    expect(found).toHaveLength(11);
    expect(found[0]).toEqual({
      ...base,
      file: pricing,
      line: 13,
      message: 'Returning Any from function declared to return "str"',
      rule: "no-any-return",
    });
    expect(found[6]).toEqual({
      ...base,
      file: "tests/test_stock.py",
      line: 26,
      message:
        'Function is missing a return type annotation\nUse "-> None" if function does not return a value',
      rule: "no-untyped-def",
    });
  });

  it("joins --pretty's wrapped message lines and skips the code frame", () => {
    expect(parseFixture(mypyParser, "mypy-inventory-pretty").map(brief)).toEqual([
      {
        ...base,
        file: pricing,
        line: 13,
        message: 'Returning Any from function declared to return "str"',
        rule: "no-any-return",
      },
      {
        ...base,
        file: pricing,
        line: 13,
        message: 'Unsupported operand types for + ("str" and "Decimal")',
        rule: "operator",
      },
    ]);
  });

  it("reads columns and ignores context notes without a line", () => {
    expect(parseFixture(mypyParser, "mypy-inventory-columns").map(brief)).toEqual([
      {
        ...base,
        file: pricing,
        line: 13,
        column: 21,
        message: 'Unsupported operand types for + ("str" and "Decimal")',
        rule: "operator",
      },
    ]);
  });

  it("is sure only with its summary line, and does not claim flake8 output", () => {
    expect(mypyParser.detect(fixtureLines("mypy-inventory"))).toBeGreaterThan(80);
    expect(mypyParser.detect(fixtureLines("flake8-inventory"))).toBe(0);
  });
});
