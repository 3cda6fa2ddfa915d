// Titles holding `#`, `\` and a newline as real TAP producers print them. The fixtures were recorded
// by scripts/fixtures/perception-js-tap-escapes.sh from one small project: vitest 4 `run
// --reporter=tap-flat`, node-tap 21 `--reporter=tap`, ava 6 `--tap` and Node 24's `node --test
// --test-reporter=tap`. A re-run selects a failing test by the title perception gives, so the title
// must be the test's own, not its escaped print.
import { describe, expect, it } from "vitest";
import { nodeTestParser } from "../../../src/perception/parsers/node-test-parser.ts";
import { tapParser } from "../../../src/perception/parsers/tap-parser.ts";
import { tapUnescape } from "../../../src/perception/parsers/tap-unescape.ts";
import { parseFixture } from "./parse-fixture.ts";

const tests = (failures: { test: string | null }[]) => failures.map((f) => f.test);

describe("TAP titles as their producer escaped them", () => {
  it("unescapes vitest's tap-flat titles (`\\\\`, `\\#`); its flattened newline stays a space", () => {
    expect(tests(parseFixture(tapParser, "vitest-tap-flat-escapes"))).toEqual([
      "test/slug.test.js > slug (#41) > keeps a # out: C# -> c-",
      "test/slug.test.js > slug (#41) > joins   two lines",
      "test/slug.test.js > escapeId > escapes a dot as \\.",
    ]);
  });

  it("places a vitest failure whose diagnostic is no YAML (an unescaped `\\` in a quoted string) by its `at:`", () => {
    const third = parseFixture(tapParser, "vitest-tap-flat-escapes")[2];
    expect({ file: third?.file?.replace(/^.*\/cases\/[^/]+\//, ""), line: third?.line }).toEqual({
      file: "test/slug.test.js",
      line: 15,
    });
  });

  it("unescapes node-tap's subtest names and assertion names", () => {
    expect(tests(parseFixture(tapParser, "tap-escapes"))).toEqual([
      "slug (#41) > keeps a # out: C# -> c-",
      "escapeId \\ dots > escapes a dot as \\.",
    ]);
  });

  it("keeps ava's titles as printed: ava does not escape, its two backslashes are the title's", () => {
    expect(tests(parseFixture(tapParser, "ava-tap-escapes"))).toEqual([
      "slug keeps a # out: C# -> c-",
      "escapeId turns a:b into #a\\\\:b",
    ]);
  });

  it("unescapes node:test's TAP titles; its `\\\\n` for a newline reads as backslash-n", () => {
    expect(tests(parseFixture(nodeTestParser, "nodetest-tap-escapes"))).toEqual([
      "keeps a # out: C# -> c-",
      "joins\\n  two lines",
      "escapes a dot as \\.",
    ]);
  });
});

describe("tapUnescape", () => {
  it("reads TAP 14's escapes left to right; any other backslash is itself", () => {
    expect(tapUnescape("a \\\\# b")).toBe("a \\# b");
    expect(tapUnescape("a \\\\\\# b")).toBe("a \\# b");
    expect(tapUnescape("C\\# and \\d")).toBe("C# and \\d");
  });
});
