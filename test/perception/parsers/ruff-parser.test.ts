// ruff cannot be installed here; its fixtures are the CLI output ruff's own snapshot tests recorded.
import { describe, expect, it } from "vitest";
import { ruffParser } from "../../../src/perception/parsers/ruff-parser.ts";
import { brief, fixtureLines, parseFixture } from "./parse-fixture.ts";

const at = (line: number, column: number | null, rule: string | null, message: string) => ({
  file: "input.py",
  line,
  column,
  rule,
  message,
  test: null,
  kind: "lint",
});
const expected = [
  at(1, 8, "F401", "`os` imported but unused"),
  at(2, 5, "F821", "Undefined name `y`"),
  at(3, 1, null, "Cannot use `match` statement on Python 3.9 (syntax was added in Python 3.10)"),
];

describe("ruff parser", () => {
  it.each(["ruff-snapshot-full", "ruff-snapshot-full-old", "ruff-snapshot-concise", "ruff-snapshot-grouped"])(
    "reads the %s format",
    (caseId) => {
      expect(parseFixture(ruffParser, caseId).map(brief)).toEqual(expected);
    },
  );

  it("reads the pylint format, which has no columns", () => {
    expect(parseFixture(ruffParser, "ruff-snapshot-pylint").map(brief)).toEqual(
      expected.map((f) => ({ ...f, column: null })),
    );
  });

  it("reports files ruff format --check would change", () => {
    expect(parseFixture(ruffParser, "ruff-snapshot-format-check").map(brief)).toEqual([
      at(1, 1, "format", "File would be reformatted"),
    ]);
  });

  it("does not claim flake8 output", () => {
    expect(ruffParser.detect(fixtureLines("flake8-inventory"))).toBe(0);
    expect(ruffParser.detect(fixtureLines("flake8-inventory-stats"))).toBe(0);
  });
});
