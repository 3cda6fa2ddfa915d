// The tape reader on blocks without `expected:`/`actual:` (tape's t.fail, @hapi/lab's `-r tap`, whose
// blocks hold only `duration_ms` and `stack`): the stack must still give the failure its location.
// The lab block is @hapi/lab's own output, taken from a CI log of hapijs/hoek.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { tapeParser } from "../../../src/perception/parsers/tape-parser.ts";
import { parseLines } from "./parse-fixture.ts";

const labTap = [
  "TAP version 13",
  "1..2",
  "ok 1 (1) clone() clones a nested object",
  "  ---",
  "  duration_ms: 14",
  "  ...",
  "not ok 2 (2) isPromise() determines if an object is a promise",
  "  ---",
  "  duration_ms: 0",
  "  stack: |-",
  "    Error: Expected true to be false",
  "        at internals.Assertion.method [as false] (/home/runner/work/hoek/hoek/node_modules/@hapi/code/lib/index.js:218:21)",
  "        at /home/runner/work/hoek/hoek/test/index.js:2341:47",
  "        at Immediate._onImmediate (/home/runner/work/hoek/hoek/node_modules/@hapi/lab/lib/runner.js:659:35)",
  "        at process.processImmediate (node:internal/timers:483:21)",
  "  ...",
];

describe("tape reader on a diagnostic block without expected/actual", () => {
  it("reads the stack of a lab TAP failure: located at the test line, frames kept", () => {
    const failures = parseLines(tapeParser, labTap);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ file: "test/index.js", line: 2341 });
    expect(failures[0]?.frames.length).toBe(4);
  });

  it("names a lab failure by the full title after its id (lab prints no `# name` comment)", () => {
    const failures = parseLines(tapeParser, labTap);
    expect(failures[0]?.test).toBe("isPromise() determines if an object is a promise");
    // the lab-kit fixture's log, recorded by lab 25 (test/fixtures/projects/lab-kit/record.sh)
    const recorded = readFileSync(
      new URL("../../fixtures/projects/lab-kit/failing-log.txt", import.meta.url),
      "utf8",
    );
    expect(parseLines(tapeParser, recorded.split("\n"))).toMatchObject([
      { file: "test/index.js", line: 14, test: "double() doubles a number" },
    ]);
  });
});
