import { describe, expect, it } from "vitest";
import { genericParser } from "../../../src/perception/parsers/generic-parser.ts";
import { brief, fixtureLines, parseFixture } from "./parse-fixture.ts";

const at = (line: number, column: number, rule: string | null, message: string, kind = "build") => ({
  file: "src/area.c",
  line,
  column,
  rule,
  message,
  test: null,
  kind,
});

describe("generic path:line fallback", () => {
  it("reads GNU-style diagnostics and folds notes into the diagnostic above", () => {
    expect(parseFixture(genericParser, "generic-cgeo-gcc").map(brief)).toEqual([
      at(
        5,
        16,
        null,
        "‘hh’ undeclared (first use in this function); did you mean ‘h’?\neach undeclared identifier is reported only once for each function it appears in",
      ),
      at(4, 9, "-Wunused-variable", "warning: unused variable ‘unused’ [-Wunused-variable]", "lint"),
      at(9, 20, null, "too few arguments to function ‘area’\ndeclared here"),
      at(6, 1, "-Wreturn-type", "warning: control reaches end of non-void function [-Wreturn-type]", "lint"),
    ]);
  });

  it("is a fallback, so a tool's own parser wins", () => {
    expect(genericParser.fallback).toBe(true);
  });

  it("ignores `path: In function` context lines and lines without a severity or column", () => {
    const lines = fixtureLines("generic-cgeo-gcc");
    expect(
      genericParser.parse(
        lines.filter((l) => l.includes(": In function")),
        { toRepoPath: (p) => p, isExternal: () => false },
      ),
    ).toEqual([]);
    expect(genericParser.detect(["see https://example.com:443: x", "12:34:56: started"])).toBe(0);
  });
});
