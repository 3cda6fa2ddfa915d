import { describe, expect, it } from "vitest";
import { goTestParser } from "../../../src/perception/parsers/go-test-parser.ts";
import { brief, fixtureLines, parseFixture } from "./parse-fixture.ts";

const rates = "example.com/shipping/internal/rates/rates_test.go";
const fail = (file: string, line: number, test: string, message: string, kind = "test") => ({
  file,
  line,
  column: null,
  test,
  message,
  rule: null,
  kind,
});
const shipping = [
  fail(rates, 19, "TestPrice/world_2kg", 'Price("world", 2000) = 920, want 930'),
  fail(rates, 19, "TestPrice/moon", 'Price("moon", 100) = 1, want 0'),
  fail(rates, 27, "TestPriceNeverNegative", "negative price for negative weight"),
  fail(
    "pkg/parcel/parcel.go",
    6,
    "TestHeaviest",
    "panic: runtime error: index out of range [0] with length 0",
  ),
];

describe("go test parser", () => {
  it.each(["go-test-shipping", "go-test-shipping-verbose"])(
    "reads failed subtests under their package, not their parents, and panics at the raise site (%s)",
    (caseId) => {
      expect(parseFixture(goTestParser, caseId).map(brief)).toEqual(shipping);
    },
  );

  it("keeps the goroutine trace, runtime and testing frames external", () => {
    const panic = parseFixture(goTestParser, "go-test-shipping").at(-1);
    expect(panic?.frames.filter((f) => !f.external).map((f) => `${f.file}:${f.line}`)).toEqual([
      "pkg/parcel/parcel.go:6",
      "pkg/parcel/parcel_test.go:7",
    ]);
  });

  it("reports the global timeout as a crash of the test that was stuck", () => {
    expect(parseFixture(goTestParser, "go-test-shipping-timeout").map(brief)).toEqual([
      fail("pkg/label/slow_test.go", 11, "TestSlowLabel", "panic: test timed out after 1s", "crash"),
    ]);
  });

  it("learns the module path from a build error and reports test files repository-relative", () => {
    const found = parseFixture(goTestParser, "go-test-shipping-mixed").map(brief);
    expect(found.filter((f) => f.kind === "test").map((f) => `${f.file}:${f.line} ${f.test}`)).toEqual([
      "internal/rates/rates_test.go:19 TestPrice/world_2kg",
      "internal/rates/rates_test.go:19 TestPrice/moon",
      "internal/rates/rates_test.go:27 TestPriceNeverNegative",
    ]);
    expect(found.filter((f) => f.kind === "build").map((f) => `${f.file}:${f.line}`)).toEqual([
      "pkg/parcel/label.go:3",
      "pkg/parcel/label.go:6",
    ]);
  });

  it("reports a panic outside any test as a crash at the panicking line", () => {
    expect(parseFixture(goTestParser, "go-test-shipping-init-panic").map(brief)).toEqual([
      { ...fail("pkg/boot/boot.go", 7, "", "panic: boot: no limits configured", "crash"), test: null },
    ]);
  });

  it("reads packages that do not build, from go test and from go build", () => {
    const label = [
      {
        ...fail("pkg/parcel/label.go", 3, "", 'imported and not used: "fmt"', "build"),
        column: 8,
        test: null,
      },
      {
        ...fail(
          "pkg/parcel/label.go",
          6,
          "",
          'invalid operation: "parcel " + len(p.Items) (mismatched types untyped string and int)',
          "build",
        ),
        column: 9,
        test: null,
      },
    ];
    expect(parseFixture(goTestParser, "go-test-shipping-build").map(brief)).toEqual([
      { ...fail("internal/rates/extra_test.go", 6, "", "undefined: Zones", "build"), column: 14, test: null },
      ...label,
    ]);
    expect(parseFixture(goTestParser, "go-build-shipping").map(brief)).toEqual(label);
  });

  it("leaves go vet output to the go vet parser", () => {
    expect(goTestParser.detect(fixtureLines("go-vet-shipping"))).toBe(0);
    expect(
      goTestParser.parse(fixtureLines("go-vet-shipping"), { toRepoPath: (p) => p, isExternal: () => false }),
    ).toEqual([]);
  });
});
