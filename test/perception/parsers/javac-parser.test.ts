import { describe, expect, it } from "vitest";
import { javacParser } from "../../../src/perception/parsers/javac-parser.ts";
import { brief, fixtureLines, parseFixture } from "./parse-fixture.ts";

const ledger = "src/main/java/com/example/wallet/Ledger.java";
const at = (line: number, column: number, message: string) => ({
  file: ledger,
  line,
  column,
  message,
  test: null,
  rule: null,
  kind: "build",
});

describe("javac parser", () => {
  it("reads maven-compiler-plugin errors once, although Maven repeats them in its recap", () => {
    expect(parseFixture(javacParser, "maven-wallet-javac").map(brief)).toEqual([
      at(
        11,
        21,
        "cannot find symbol\nsymbol:   method amount()\nlocation: variable m of type com.example.wallet.Money",
      ),
      at(17, 31, "incompatible types: java.lang.String cannot be converted to int"),
    ]);
  });

  it("reads plain javac errors with the column of the caret line", () => {
    expect(parseFixture(javacParser, "javac-wallet").map(brief)).toEqual([
      at(11, 21, "cannot find symbol\nsymbol:   method amount()\nlocation: variable m of type Money"),
      at(17, 31, "incompatible types: String cannot be converted to int"),
    ]);
  });

  it("does not claim test failures", () => {
    expect(javacParser.detect(fixtureLines("maven-wallet-surefire"))).toBe(0);
  });
});
