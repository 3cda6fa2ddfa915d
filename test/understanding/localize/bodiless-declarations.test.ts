import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localize, type SuspectLocation } from "../../../src/understanding/localize/localize.ts";
import { failingRun } from "./failing-run.ts";
import { scratchDir } from "../../support/scratch-dir.ts";

// A TypeScript package whose functions are declared by overloads and whose joiner is reached through
// an interface: the joiner's implementation joins with "_" where the tests expect "-".
const files: Record<string, string> = {
  "src/case.ts": [
    "export interface Joiner {",
    "  join(parts: string[]): string;",
    "}",
    "",
    "export class DashJoiner implements Joiner {",
    "  join(parts: string[]): string {",
    '    return parts.join("_");',
    "  }",
    "}",
    "",
    "export function isUpper(char: string): boolean {",
    "  return char !== char.toLowerCase();",
    "}",
    "",
    "export function splitWords(text: string): string[];",
    "export function splitWords(text: string, separators: string[]): string[];",
    'export function splitWords(text: string, separators: string[] = ["-", "_", " "]): string[] {',
    "  const words: string[] = [];",
    '  let word = "";',
    "  for (const char of text) {",
    "    if (separators.includes(char)) {",
    "      if (word) words.push(word);",
    '      word = "";',
    "      continue;",
    "    }",
    "    if (isUpper(char) && word) {",
    "      words.push(word);",
    '      word = "";',
    "    }",
    "    word += char;",
    "  }",
    "  if (word) words.push(word);",
    "  return words;",
    "}",
    "",
    'export function kebabCase(): "";',
    "export function kebabCase(text: string): string;",
    "export function kebabCase(text?: string, joiner: Joiner = new DashJoiner()): string {",
    '  if (!text) return "";',
    "  return joiner.join(splitWords(text).map((w) => w.toLowerCase()));",
    "}",
    "",
  ].join("\n"),
  "test/case.test.ts": [
    'import { test } from "node:test";',
    'import assert from "node:assert/strict";',
    'import { kebabCase, splitWords } from "../src/case.ts";',
    "",
    'test("kebabCase joins words with dashes", () => {',
    '  assert.equal(kebabCase("fooBarBaz"), "foo-bar-baz");',
    "});",
    "",
    'test("kebabCase of two words", () => {',
    '  assert.equal(kebabCase("helloWorld"), "hello-world");',
    "});",
    "",
    'test("splitWords splits on case", () => {',
    '  assert.deepEqual(splitWords("fooBar"), ["foo", "Bar"]);',
    "});",
    "",
  ].join("\n"),
};

let root = "";
let results: SuspectLocation[] = [];
beforeAll(async () => {
  root = scratchDir("xihe-overloads-");
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  // Node strips the types itself: the log is node:test's own.
  const { log, failures, index, readLines } = await failingRun(root, [
    process.execPath,
    "--test",
    "test/case.test.ts",
  ]);
  results = localize({
    index,
    failures,
    logText: log,
    readLines,
  });
}, 60_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("localize with TypeScript overloads and interface methods", () => {
  it("ranks the implementation the overloads declare, never a bodiless overload", () => {
    expect(results[0]).toMatchObject({ symbol: "kebabCase", startLine: 38 });
    const overloads = results.filter((r) => r.symbol === "kebabCase" || r.symbol === "splitWords");
    expect(overloads.map((r) => r.startLine).sort()).toEqual([17, 38]);
  });

  it("follows a call bound to an interface method to the class method that implements it", () => {
    const joiner = results.find((r) => r.symbol === "DashJoiner.join");
    expect(joiner?.why.some((w) => w.startsWith("failing_reach:"))).toBe(true);
    expect(results.some((r) => r.symbol === "Joiner.join")).toBe(false);
  });
});
