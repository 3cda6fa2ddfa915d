import { describe, expect, it } from "vitest";
import { rustcParser } from "../../../src/perception/parsers/rustc-parser.ts";
import { brief, fixtureLines, parseFixture } from "./parse-fixture.ts";

const at = (line: number, column: number, rule: string | null, message: string) => ({
  file: "src/lib.rs",
  line,
  column,
  rule,
  message,
  test: null,
  kind: "build",
});

describe("rustc parser", () => {
  it.each(["rustc-ledger-build", "rustc-ledger-test-build"])(
    "reads each error at its primary span and skips cargo's summaries (%s)",
    (caseId) => {
      expect(parseFixture(rustcParser, caseId).map(brief)).toEqual([
        at(6, 13, "E0425", "cannot find value `missing_offset` in this scope"),
        at(5, 22, "E0308", "mismatched types"),
        at(6, 5, "E0308", "mismatched types"),
        at(11, 5, "E0515", "cannot return value referencing local variable `v`"),
      ]);
    },
  );

  it("reads warnings with the lint named in their note", () => {
    expect(parseFixture(rustcParser, "rustc-ledger-warnings").map(brief)).toEqual([
      at(15, 5, "deprecated", "warning: use of deprecated function `head`: use first"),
      at(6, 5, "E0515", "cannot return value referencing local variable `v`"),
      at(4, 9, "unused_variables", "warning: unused variable: `unused`"),
    ]);
  });

  it("reads --error-format=short", () => {
    expect(parseFixture(rustcParser, "rustc-ledger-short").map(brief)).toEqual([
      at(6, 13, "E0425", "cannot find value `missing_offset` in this scope: not found in this scope"),
      at(5, 22, "E0308", "mismatched types: expected `i32`, found `i64`"),
      at(6, 5, "E0308", "mismatched types: expected `i64`, found `i32`"),
      at(
        11,
        5,
        "E0515",
        "cannot return value referencing local variable `v`: returns a value referencing data owned by the current function",
      ),
    ]);
  });

  it("does not claim a passing build inside test output", () => {
    expect(rustcParser.detect(fixtureLines("cargo-test-ledger"))).toBe(0);
  });
});
