// A pull request writes the bodies the thin-wrapper check reads. A body of many calls that end in a
// trailing comma (`h([[]([],), []([],), …])`, lines of brackets only, so no statement count stops the read), or
// a string of many unclosed `/*`, must be read in time linear in its length.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";
import { createSymbolLookup } from "../../../src/understanding/index/symbol-lookup.ts";
import type { SignalName, SignalScores } from "../../../src/understanding/localize/localize-signal.ts";
import { passThroughWrappers } from "../../../src/understanding/localize/thin-wrapper.ts";
import { makeRepo, type TestRepo } from "../make-repo.ts";

const REPEATS = 20_000;

const files: Record<string, string> = {
  "lib/pack.js": [
    "function run(value) {",
    "  return value;",
    "}",
    "",
    "export function trailingCommas(value) {",
    "  h([",
    ...Array.from({ length: REPEATS }, () => "  []([],),"),
    "  ])",
    "  return run(value)",
    "}",
    "",
    "export function unclosedComments(value) {",
    "  h(`",
    ...Array.from({ length: (4 * REPEATS) / 50 }, () => "/* ".repeat(50)),
    "`)",
    "  return run(value)",
    "}",
    "",
  ].join("\n"),
};

let repo: TestRepo;
let index: CodeIndex;
beforeAll(async () => {
  repo = makeRepo(files, { git: false });
  index = await buildIndex(repo.root, { cache: null });
});
afterAll(() => repo.cleanup());

describe("the thin-wrapper check on a hostile body", () => {
  it.each(["trailingCommas", "unclosedComments"])("reads %s in linear time", (name) => {
    const lookup = createSymbolLookup(index);
    const wrapper = index.symbols.find((s) => s.name === name);
    expect(wrapper).toBeDefined();
    const scores: SignalScores = new Map([[wrapper?.id ?? "", { strength: 1, detail: "test" }]]);
    const readLines = (path: string) => readFileSync(join(repo.root, path), "utf8").split("\n");
    const started = performance.now();
    passThroughWrappers(
      new Map<SignalName, SignalScores>([["test_callee", scores]]),
      index,
      lookup,
      readLines,
    );
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
