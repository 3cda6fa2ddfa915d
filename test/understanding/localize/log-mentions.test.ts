// `path:line` mentions in the raw log (extract-entities.ts). Localize reads the log as the runner
// wrote it, uncapped: a long line must cost time in proportion to its length (threat A45).
import { describe, expect, it } from "vitest";
import { extractEntities } from "../../../src/understanding/localize/extract-entities.ts";

const mentions = (log: string) => extractEntities([], log).locations.map((l) => `${l.path}:${l.line ?? ""}`);

describe("log mentions", () => {
  it("reads V8, CPython and bare mentions, a file URL's and a drive's included", () => {
    expect(
      mentions(
        [
          "    at dispatch (file:///home/runner/work/x/x/lib/visit.js:14:34)",
          '  File "/home/runner/work/x/x/src/pkg/request.py", line 16, in lookup',
          "src/parse.ts(12,3): error TS2345",
          "    at C:\\a\\lib\\b.js:3:1",
        ].join("\n"),
      ),
    ).toEqual([
      "/home/runner/work/x/x/lib/visit.js:14",
      "/home/runner/work/x/x/src/pkg/request.py:16",
      "src/parse.ts:12",
      "C:\\a\\lib\\b.js:3",
    ]);
  });

  // A quadratic scan of these 64 KB lines takes seconds; a linear one milliseconds.
  it.each([
    ["letters", "a"],
    ["names that are no source file", "a.pyx"],
    ["dotted words", "a."],
    // Blank runs (an indented line gone wild) pass the coverage-table test in non-failure-sections.ts.
    ["spaces", " "],
  ])("A45: reads a 64 KB run of %s without a break in linear time", (_kind, unit) => {
    const run = unit.repeat(Math.ceil((64 * 1024) / unit.length));
    const timed = (line: string) => {
      const start = performance.now();
      extractEntities([], line);
      return performance.now() - start;
    };
    const ordinary = timed("lorem ipsum ".repeat(run.length / 12));
    expect(timed(run)).toBeLessThan(Math.max(100, 20 * ordinary));
  });
});
