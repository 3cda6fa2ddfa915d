// The one-pass substring scanner must agree with `includes` on every word and line: a miss would
// silently skip a parser (markers) or a run signal.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createSubstringScanner } from "../../src/perception/substring-scanner.ts";
import { logParsers } from "../../src/perception/parsers/registry.ts";
import { SIGNAL_WORDS } from "../../src/perception/run-signals.ts";

const corpus = resolve(dirname(fileURLToPath(import.meta.url)), "../../../shared/corpus/perception");
const logs = existsSync(corpus)
  ? readdirSync(corpus)
      .filter((c) => existsSync(join(corpus, c, "log.txt")))
      .map((c) => readFileSync(join(corpus, c, "log.txt"), "utf8").split("\n"))
  : [];

function naive(words: readonly string[], lineWords: Set<string>, lines: readonly string[], from: number) {
  const present = words.map((w) => (lines.some((l) => l.includes(w)) ? 1 : 0));
  const hit = lines
    .map((l, i) => (i >= from && [...lineWords].some((w) => l.includes(w)) ? i : -1))
    .filter((i) => i >= 0);
  return { present, lines: hit };
}

describe("createSubstringScanner", () => {
  it("finds overlapping words, words inside words, and non-ASCII words", () => {
    const words = ["he", "she", "his", "hers", "⎯", "  ● ", " TS", " error TS"];
    const scanner = createSubstringScanner(words, (w) => w === "hers" || w === " TS");
    const lines = ["ushers", "x", "a.ts(1,2): error TS2322: no", "⎯⎯ Failed", "  ● suite › test", "his"];
    const result = scanner.scan(lines, 1);
    expect([...result.present]).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
    expect(result.lines).toEqual([2]); // "hers" is on line 0, before `from`
    expect([...scanner.scan(["xyz 123"], 0).present]).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it("agrees with includes() on every corpus log for the parsers' markers and the signal words", () => {
    expect(
      logs.length,
      `the shared development corpus must be next to the checkout: nothing at ${corpus}`,
    ).toBeGreaterThan(0);
    const lineWords = new Set(SIGNAL_WORDS);
    const words = [...new Set([...logParsers.flatMap((p) => p.markers ?? []), ...SIGNAL_WORDS])];
    const scanner = createSubstringScanner(words, (w) => lineWords.has(w));
    for (const lines of logs) {
      const from = Math.floor(lines.length / 3);
      const got = scanner.scan(lines, from);
      expect({ present: [...got.present], lines: got.lines }).toEqual(naive(words, lineWords, lines, from));
    }
  });

  it("numbers lines right across the blocks it joins them in", () => {
    const lines = Array.from({ length: 10_000 }, (_, i) =>
      [4095, 4096, 8192, 9999].includes(i) ? `line ${i}: ECONNRESET` : `line ${i}`,
    );
    const scanner = createSubstringScanner(["ECONNRESET"], () => true);
    expect(scanner.scan(lines, 4096).lines).toEqual([4096, 8192, 9999]);
  });

  it("refuses words it cannot find (empty, or spanning lines)", () => {
    expect(() => createSubstringScanner(["a\nb"])).toThrow(/newline/);
    expect(() => createSubstringScanner([""])).toThrow(/non-empty/);
  });

  it("treats an empty word list as matching nothing", () => {
    expect(createSubstringScanner([]).scan(["anything"], 0)).toEqual({
      present: new Uint8Array(0),
      lines: [],
    });
  });
});
