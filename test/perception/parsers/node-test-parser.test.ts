// node:test under Node 24 prints spec off a terminal (TAP before Node 23). Fixtures recorded by
// scripts/fixtures/perception-node-test.sh from one project run both ways.
import { describe, expect, it } from "vitest";
import { nodeTestParser } from "../../../src/perception/parsers/node-test-parser.ts";
import { fixtureLines, parseFixture } from "./parse-fixture.ts";

const summary = (caseId: string) =>
  parseFixture(nodeTestParser, caseId).map((f) => ({
    kind: f.kind,
    file: f.file?.replace(/^.*\/cases\/[^/]+\//, ""),
    line: f.line,
    test: f.test,
    message: f.message,
  }));

describe("node:test reader on Node 24 output", () => {
  it("detects the spec output Node 24 prints when stdout is not a terminal", () => {
    const lines = fixtureLines("nodetest-spec");
    const markers = lines.flatMap((l, i) =>
      (nodeTestParser.markers ?? []).some((m) => l.includes(m)) ? [i] : [],
    );
    expect(nodeTestParser.detect(lines, markers)).toBeGreaterThan(0);
  });

  it("reads the same failures from spec as from TAP of the same run", () => {
    expect(summary("nodetest-spec")).toEqual(summary("nodetest-spec-tap"));
  });

  it("gives assertion messages as TAP does: no util.inspect class prefix, diff lines kept", () => {
    const byTest = new Map(summary("nodetest-spec").map((f) => [f.test, f]));
    expect(byTest.get("discount of 10% off 200")?.message).toBe(
      "Expected values to be strictly equal:\n\n0 !== 180",
    );
    expect(byTest.get("keeps the cents")?.message).toBe(
      "Expected values to be strictly deep-equal:\n+ actual - expected\n\n  {\n+   value: 12\n-   value: 12.5\n  }",
    );
    // A thrown error is located at the project frame that threw, not the test line.
    expect(byTest.get("rejects a discount above 100%")).toMatchObject({ file: "src/price.js", line: 2 });
    // A failing before() hook fails the suite; its test is cancelled (a plain string, unquoted).
    expect(byTest.get("adds tax")?.message).toBe("test did not finish before its parent and was cancelled");
  });

  it("counts neither todo (⚠) nor skipped (﹣) tests nor the suites holding failures", () => {
    const tests = summary("nodetest-spec").map((f) => f.test);
    expect(tests).toHaveLength(5);
    for (const notAFailure of ["rounds half up", "ignores currency symbols", "with decimals", "parseAmount"])
      expect(tests).not.toContain(notAFailure);
    // The todo test did fail: the log lists it in the recap, so this is the reader's choice.
    expect(fixtureLines("nodetest-spec").some((l) => l.startsWith("⚠ rounds half up"))).toBe(true);
  });

  it("a file that fails to load gives its error from the file's stderr, not 'test failed'", () => {
    expect(summary("nodetest-spec-load-error")).toEqual([
      {
        kind: "test",
        file: "test/tax.test.js",
        line: 1,
        test: null,
        message: expect.stringMatching(
          /^Error \[ERR_MODULE_NOT_FOUND\]: Cannot find module '.*\/src\/tax\.js'/,
        ),
      },
    ]);
  });

  it("still reads Node 20's TAP", () => {
    expect(summary("nodetest-flaky-run1")).toEqual([
      {
        kind: "test",
        file: "test/session.test.js",
        line: 10,
        test: "expires sessions after the ttl",
        message: "cache was cold on the first run\n\nfalse !== true",
      },
    ]);
  });
});
