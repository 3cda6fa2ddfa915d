import { describe, expect, it } from "vitest";
import { flake8Parser } from "../../../src/perception/parsers/flake8-parser.ts";
import { brief, fixtureLines, parseFixture } from "./parse-fixture.ts";

const at = (line: number, column: number, rule: string, message: string) => ({
  file: "src/inventory/pricing.py",
  line,
  column,
  rule,
  message,
  test: null,
  kind: "lint",
});
const expected = [
  at(1, 1, "F401", "'os' imported but unused"),
  at(1, 1, "F401", "'sys' imported but unused"),
  at(1, 10, "E401", "multiple imports on one line"),
  at(8, 5, "F841", "local variable 'unused' is assigned to but never used"),
];

describe("flake8 parser", () => {
  it("reads the default format", () => {
    expect(parseFixture(flake8Parser, "flake8-inventory").map(brief)).toEqual(expected);
  });

  it("does not count --show-source frames or --statistics totals", () => {
    expect(parseFixture(flake8Parser, "flake8-inventory-stats").map(brief)).toEqual(expected);
  });

  it("reads --format=pylint, which has no columns", () => {
    expect(parseFixture(flake8Parser, "flake8-inventory-pylint-format").map(brief)).toEqual(
      expected.map((f) => ({ ...f, column: null })),
    );
  });

  it("does not claim pylint or mypy output", () => {
    expect(flake8Parser.detect(fixtureLines("pylint-inventory-text"))).toBe(0);
    expect(flake8Parser.detect(fixtureLines("mypy-inventory"))).toBe(0);
  });
});
