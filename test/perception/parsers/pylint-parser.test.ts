import { describe, expect, it } from "vitest";
import { pylintParser } from "../../../src/perception/parsers/pylint-parser.ts";
import { brief, fixtureLines, parseFixture } from "./parse-fixture.ts";

const at = (file: string, line: number, column: number | null, rule: string, message: string) => ({
  file,
  line,
  column,
  rule,
  message,
  test: null,
  kind: "lint",
});
const P = "src/inventory/pricing.py";

describe("pylint parser", () => {
  it("reads the text format with 1-based columns and the symbol as rule", () => {
    expect(parseFixture(pylintParser, "pylint-inventory-text").map(brief)).toEqual([
      at(P, 1, 1, "multiple-imports", "Multiple imports on one line (os, sys)"),
      at(P, 8, 5, "unused-variable", "Unused variable 'unused'"),
      at(P, 1, 1, "unused-import", "Unused import os"),
      at(P, 1, 1, "unused-import", "Unused import sys"),
    ]);
  });

  it("reads the colorized format once escapes are gone", () => {
    expect(parseFixture(pylintParser, "pylint-inventory-colorized").map(brief)).toEqual([
      at(P, 8, 5, "unused-variable", "Unused variable 'unused'"),
      at(P, 1, 1, "unused-import", "Unused import os"),
      at(P, 1, 1, "unused-import", "Unused import sys"),
    ]);
  });

  it("reads the msvs format", () => {
    expect(parseFixture(pylintParser, "pylint-inventory-msvs").map(brief)).toEqual([
      at(P, 8, null, "unused-variable", "Unused variable 'unused'"),
      at(P, 1, null, "unused-import", "Unused import os"),
      at(P, 1, null, "unused-import", "Unused import sys"),
    ]);
  });

  it("reads the parseable format across modules", () => {
    const found = parseFixture(pylintParser, "pylint-inventory-parseable").map(brief);
    expect(found).toHaveLength(12);
    expect(found[2]).toEqual(
      at(P, 7, null, "missing-function-docstring", "Missing function or method docstring"),
    );
    expect(found[8]).toEqual(
      at("src/inventory/stock.py", 4, null, "missing-class-docstring", "Missing class docstring"),
    );
  });

  it("does not claim flake8 output", () => {
    expect(pylintParser.detect(fixtureLines("flake8-inventory"))).toBe(0);
  });
});
