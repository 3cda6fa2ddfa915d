import { describe, expect, it } from "vitest";
import { cargoTestParser } from "../../../src/perception/parsers/cargo-test-parser.ts";
import { brief, fixtureLines, parseFixture } from "./parse-fixture.ts";

const fail = (file: string, line: number, column: number, test: string, message: string) => ({
  file,
  line,
  column,
  test,
  message,
  rule: null,
  kind: "test",
});
const byTest = (a: { test: string | null }, b: { test: string | null }) =>
  (a.test ?? "").localeCompare(b.test ?? "");
const ledger = [
  fail(
    "src/money/mod.rs",
    13,
    9,
    "money::tests::split_keeps_total",
    "assertion `left == right` failed\n  left: 9\n right: 10",
  ),
  fail("src/money/mod.rs", 2, 16, "money::tests::split_by_zero_panics_nicely", "attempt to divide by zero"),
  fail("src/lib.rs", 18, 9, "tests::empty_is_zero", "empty ledger must balance to zero"),
  fail("src/lib.rs", 13, 9, "tests::sums_entries", "assertion `left == right` failed\n  left: 7\n right: 6"),
].sort(byTest);

describe("cargo test parser", () => {
  it("reads each failed test with its panic location and message", () => {
    expect(parseFixture(cargoTestParser, "cargo-test-ledger").map(brief).sort(byTest)).toEqual(ledger);
  });

  it("stops a --nocapture panic message at libtest's own progress lines", () => {
    expect(parseFixture(cargoTestParser, "cargo-test-ledger-nocapture").map(brief).sort(byTest)).toEqual(
      ledger,
    );
  });

  it("keeps the backtrace as frames, std frames marked external", () => {
    const [failure] = parseFixture(cargoTestParser, "cargo-test-ledger-backtrace");
    expect(brief(failure!)).toEqual(
      fail("tests/integration.rs", 4, 15, "integration_unwraps_none", "no opening balance"),
    );
    const own = failure!.frames.filter((f) => !f.external).map((f) => `${f.file}:${f.line}`);
    expect(own).toEqual(["tests/integration.rs:4", "tests/integration.rs:2"]);
    expect(failure!.frames.filter((f) => f.external).length).toBeGreaterThan(3);
  });

  it("names a failed doc-test as libtest does, located where rustdoc maps its panic", () => {
    expect(parseFixture(cargoTestParser, "cargo-test-ledger-doctest").map(brief)).toEqual([
      fail(
        "src/fmt.rs",
        5,
        1,
        "src/fmt.rs - fmt::cents (line 3)",
        'assertion `left == right` failed\n  left: "1.5"\n right: "1.50"',
      ),
    ]);
  });

  it("does not claim compiler output", () => {
    expect(cargoTestParser.detect(fixtureLines("rustc-ledger-test-build"))).toBe(0);
  });
});
