// The scanner against `includes` on every log of the shared development corpus (`npm run
// test:corpus`): a miss would silently skip a parser (markers) or a run signal.
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

describe("createSubstringScanner on the corpus", () => {
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
});
