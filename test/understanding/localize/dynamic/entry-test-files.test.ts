import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { ImportRef } from "../../../../src/understanding/index/code-index.ts";
import {
  entriesFor,
  entryPredicate,
  failingEntries,
} from "../../../../src/understanding/localize/dynamic/entry-test-files.ts";
import { makeScratchDir } from "../../../support/scratch-dir.ts";

const imports: ImportRef[] = [
  { file: "test/index.js", source: "./suites", resolved: "test/suites/index.js", names: ["suites"], line: 1 },
  { file: "test/full.js", source: "./suites", resolved: "test/suites/index.js", names: ["suites"], line: 1 },
  { file: "test/suites/index.js", source: "./map", resolved: "test/suites/map.js", names: ["map"], line: 2 },
  { file: "test/helper.test.js", source: "../src", resolved: "src/index.js", names: ["x"], line: 1 },
];
const isTest = (f: string) => f.startsWith("test/");

let scratch: ReturnType<typeof makeScratchDir> | undefined;
afterEach(() => scratch?.remove());

describe("which test files a file-level runner starts", () => {
  it("uvu: under the dir operand, matching no -i pattern", () => {
    const isEntry = entryPredicate(
      "uvu",
      ["npx", "uvu", "-r", "esm", "test", "-i", "suites"],
      "/nonexistent",
    );
    expect(["test/index.js", "test/suites/map.js", "src/index.js"].map(isEntry)).toEqual([
      true,
      false,
      false,
    ]);
  });

  it("tape: the (expanded) file operands; none means every test file", () => {
    const isEntry = entryPredicate(
      "tape",
      ["npx", "tape", "test/a.test.js", "test/b.test.js"],
      "/nonexistent",
    );
    expect(["test/a.test.js", "test/helpers.js"].map(isEntry)).toEqual([true, false]);
    expect(entryPredicate("tap", ["npx", "tap", "-R", "classic"], "/nonexistent")("test/anything.js")).toBe(
      true,
    );
  });

  it("tape: a quoted glob operand (the runner expands it) is matched against the checkout", () => {
    scratch = makeScratchDir("entries");
    mkdirSync(join(scratch.dir, "test", "deep"), { recursive: true });
    for (const f of ["test/a.js", "test/deep/b.js"]) writeFileSync(join(scratch.dir, f), "");
    const isEntry = entryPredicate("tape", ["npx", "tape", "test/**/*.js"], scratch.dir);
    expect(["test/a.js", "test/deep/b.js", "lib/c.js"].map(isEntry)).toEqual([true, true, false]);
  });

  it("a failing suite module is re-run through the entries importing it, one hop deep", () => {
    const isEntry = entryPredicate("uvu", ["uvu", "test", "-i", "suites"], "/nonexistent");
    expect(entriesFor("test/suites/map.js", isEntry, isTest, imports)).toEqual([
      "test/index.js",
      "test/full.js",
    ]);
    expect(entriesFor("test/index.js", isEntry, isTest, imports)).toEqual(["test/index.js"]);
    expect(entriesFor("test/suites/orphan.js", isEntry, isTest, imports)).toEqual([]);
  });
});

describe("which of the entries sharing a suite module failed", () => {
  // A real `uvu -r esm test -i suites` log of a klona mutant (corpus task klona-02): four entry
  // files run the same suites; only index.js fails.
  const log = readFileSync(join(process.cwd(), "bench/localize-corpus/logs/klona-02.txt"), "utf8");
  const entries = ["test/full.js", "test/index.js", "test/json.js", "test/lite.js"];

  it("keeps the entries whose section of the log has a failed test", () => {
    expect(failingEntries(entries, log)).toEqual(["test/index.js"]);
  });

  it("keeps every entry when the log has no sections of them", () => {
    expect(failingEntries(entries, "not ok 1 - something\n")).toEqual(entries);
  });
});
