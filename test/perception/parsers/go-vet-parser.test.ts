import { describe, expect, it } from "vitest";
import { goVetParser } from "../../../src/perception/parsers/go-vet-parser.ts";
import { brief, fixtureLines, parseFixture } from "./parse-fixture.ts";

const at = (line: number, column: number, message: string) => ({
  file: "pkg/parcel/vet.go",
  line,
  column,
  message,
  test: null,
  rule: null,
  kind: "lint",
});

describe("go vet parser", () => {
  it("reads analyzer diagnostics under their package", () => {
    expect(parseFixture(goVetParser, "go-vet-shipping").map(brief)).toEqual([
      at(
        13,
        27,
        "Describe passes lock by value: example.com/shipping/pkg/parcel.Counter contains sync.Mutex",
      ),
      at(14, 2, 'fmt.Printf format %d has arg "many" of wrong type string'),
      at(15, 9, "fmt.Sprintf format %s has arg len(p.Items) of wrong type int"),
    ]);
  });

  it("does not claim compiler errors of go build or go test", () => {
    expect(goVetParser.detect(fixtureLines("go-build-shipping"))).toBe(0);
    expect(goVetParser.detect(fixtureLines("go-test-shipping-build"))).toBe(0);
  });

  it("recognises go vet by its command line in a CI step", () => {
    const lines = ["go vet ./...", ...fixtureLines("go-build-shipping")];
    expect(goVetParser.detect(lines)).toBeGreaterThan(0);
  });
});
