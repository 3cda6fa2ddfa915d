// Which raw-log lines are stack frames, read from the recorded runner logs of
// test/fixtures/projects/stack-callbacks (mocha with finalhandler's HTML 500 page, node:test, pytest).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { isStackLine, printedLines } from "../../../src/understanding/localize/printed-lines.ts";

const logLines = (name: string) =>
  readFileSync(new URL(`../../fixtures/projects/stack-callbacks/${name}`, import.meta.url), "utf8").split(
    "\n",
  );
const lineWith = (name: string, text: string) => logLines(name).find((l) => l.includes(text)) ?? "";

describe("printedLines", () => {
  it("splits an HTML error page's stack at <br> and decodes its entities", () => {
    const page = lineWith("mocha-log.txt", "<pre>TypeError");
    const printed = printedLines(page);
    expect(printed[0]).toContain("(setting 'user')");
    expect(printed[1]).toMatch(/^ {4}at \/home\/runner\/.*\/test\/router\.js:17:23$/);
    expect(printed[2]).toMatch(/^ {4}at handle \(.*\/lib\/router\.js:11:5\)$/);
  });

  it("leaves a line without HTML breaks whole", () => {
    const line = lineWith("mocha-log.txt", "at dispatch (");
    expect(printedLines(line)).toEqual([line]);
  });
});

describe("isStackLine", () => {
  it("takes V8 frames with and without `at` (mocha, node:test's TAP stack)", () => {
    expect(isStackLine(lineWith("mocha-log.txt", "at dispatch ("), "lib/router.js")).toBe(true);
    expect(isStackLine(lineWith("nodetest-log.txt", "    dispatch (file://"), "lib/visit.js")).toBe(true);
    // An anonymous function (the test's own handler) is printed as a bare location.
    expect(isStackLine(lineWith("nodetest-log.txt", "visit.test.js:6:47"), "test/visit.test.js")).toBe(true);
    const [, fromPage = ""] = printedLines(lineWith("mocha-log.txt", "<pre>TypeError"));
    expect(isStackLine(fromPage, "test/router.js")).toBe(true);
  });

  it("refuses node:test's `location:` line, the test's position printed above its stack", () => {
    expect(isStackLine(lineWith("nodetest-log.txt", "location: '"), "test/visit.test.js")).toBe(false);
  });

  it("takes pytest's traceback entries and refuses its summary lines", () => {
    expect(
      isStackLine(lineWith("pytest-log.txt", "tests/test_request.py:7: in app"), "tests/test_request.py"),
    ).toBe(true);
    expect(isStackLine(lineWith("pytest-log.txt", "request.py:16: KeyError"), "src/wsgikit/request.py")).toBe(
      true,
    );
    expect(
      isStackLine(lineWith("pytest-log.txt", "FAILED tests/test_request.py::"), "tests/test_request.py"),
    ).toBe(false);
  });
});

describe("isStackLine on the raw log (localize reads it as the runner wrote it)", () => {
  it("takes a CRLF log's pytest entries: the `\\r` is no part of the line", () => {
    const entry = `${lineWith("pytest-log.txt", "tests/test_request.py:7: in app")}\r`;
    expect(isStackLine(entry, "tests/test_request.py")).toBe(true);
  });

  // A quadratic parse of these 64 KB lines takes about a second; a linear one a few milliseconds.
  it.each([
    ["pytest entries", "tests/test_request.py:7: ", "tests/test_request.py"],
    ["CPython frames", 'File "tests/test_request.py", line 7, in app ', "tests/test_request.py"],
  ])("A45: judges a line of %s that a `\\r` or U+2028 cuts short in linear time", (_kind, unit, path) => {
    const body = unit.repeat(Math.ceil((64 * 1024) / unit.length));
    const timed = (line: string) => {
      const start = performance.now();
      isStackLine(line, path);
      return performance.now() - start;
    };
    const ordinary = timed(`${body}x`);
    for (const cut of ["\r", "\u2028"])
      expect(timed(`${body}${cut}x`)).toBeLessThan(Math.max(100, 20 * ordinary));
  });
});
