import { describe, expect, it } from "vitest";
import { mavenSurefireParser } from "../../../src/perception/parsers/maven-surefire-parser.ts";
import { brief, fixtureLines, parseFixture, parseLines } from "./parse-fixture.ts";

const T = "src/test/java/com/example/wallet/";
const fail = (file: string, line: number, test: string, message: string) => ({
  file,
  line,
  column: null,
  test,
  message,
  rule: null,
  kind: "test",
});

describe("maven surefire parser", () => {
  it.each(["maven-wallet-surefire", "maven-wallet-surefire-trim"])(
    "reads each failed test at its innermost project frame, mapped to the Maven layout (%s)",
    (caseId) => {
      expect(parseFixture(mavenSurefireParser, caseId).map(brief)).toEqual([
        fail(
          `${T}WalletTest.java`,
          16,
          "com.example.wallet.WalletTest.divideByZero",
          "java.lang.IndexOutOfBoundsException: Index 0 out of bounds for length 0",
        ),
        fail(
          `${T}WalletTest.java`,
          23,
          "com.example.wallet.WalletTest$Rounding.roundsDown",
          "org.opentest4j.AssertionFailedError: expected: <33> but was: <34>",
        ),
        fail(
          "src/main/java/com/example/wallet/Money.java",
          27,
          "com.example.wallet.MoneyTest.percentOverHundredIsCapped",
          "java.lang.IllegalArgumentException: pct over 100: 150",
        ),
        fail(
          `${T}MoneyTest.java`,
          15,
          "com.example.wallet.MoneyTest.splitKeepsTotal",
          "org.opentest4j.AssertionFailedError: split must keep the total ==> expected: <100> but was: <99>",
        ),
      ]);
    },
  );

  it("keeps JDK and JUnit frames as external frames", () => {
    const [first] = parseFixture(mavenSurefireParser, "maven-wallet-surefire");
    expect(first?.frames.filter((f) => !f.external).map((f) => f.function)).toEqual([
      "com.example.wallet.WalletTest.divideByZero",
    ]);
    expect(first?.frames.some((f) => f.external && f.function === "java.util.ArrayList.get")).toBe(true);
  });

  it("falls back to the results recap when a test has no detail block", () => {
    const lines = fixtureLines("maven-wallet-surefire");
    const recap = lines.findIndex((l) => l.includes("Results:"));
    const running = lines.filter((l) => l.includes("Running com.example"));
    expect(parseLines(mavenSurefireParser, [...running, ...lines.slice(recap)]).map(brief)).toEqual([
      fail(
        `${T}MoneyTest.java`,
        15,
        "MoneyTest.splitKeepsTotal",
        "split must keep the total ==> expected: <100> but was: <99>",
      ),
      fail(`${T}WalletTest.java`, 23, "WalletTest$Rounding.roundsDown", "expected: <33> but was: <34>"),
      fail(`${T}MoneyTest.java`, 25, "MoneyTest.percentOverHundredIsCapped", "pct over 100: 150"),
      fail(`${T}WalletTest.java`, 16, "WalletTest.divideByZero", "Index 0 out of bounds for length 0"),
    ]);
  });

  it("does not claim a compilation failure", () => {
    expect(mavenSurefireParser.detect(fixtureLines("maven-wallet-javac"))).toBe(0);
  });
});
