import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Failure } from "../../../src/perception/failure.ts";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";
import { createSymbolLookup } from "../../../src/understanding/index/symbol-lookup.ts";
import { failingReachSignal } from "../../../src/understanding/localize/failing-reach-signal.ts";
import { localize } from "../../../src/understanding/localize/localize.ts";
import { testTargets } from "../../../src/understanding/localize/test-target-signal.ts";
import { scratchDir } from "../../support/scratch-dir.ts";

// Two test files, each with a `describe` block named like the function it tests (a common layout):
// the joinURL tests call joinURL, the withBase tests call withBase, which calls joinURL.
const files: Record<string, string> = {
  "src/url.js": [
    "export function joinURL(base, path) {",
    '  return base + "//" + path;',
    "}",
    "",
    "export function withBase(input, base) {",
    "  return joinURL(base, input);",
    "}",
    "",
    "export function hasProtocol(input) {",
    '  return input.includes("://");',
    "}",
    "",
  ].join("\n"),
  "test/join.test.js": [
    'import { joinURL } from "../src/url.js";',
    "",
    'describe("joinURL", () => {',
    '  test("a + b", () => {',
    '    expect(joinURL("a", "b")).toBe("a/b");',
    "  });",
    "});",
    "",
  ].join("\n"),
  "test/base.test.js": [
    'import { withBase } from "../src/url.js";',
    "",
    'describe("withBase", () => {',
    '  test("/foo + bar", () => {',
    '    expect(withBase("bar", "/foo")).toBe("/foo/bar");',
    "  });",
    "});",
    "",
  ].join("\n"),
  // A check run as a test, in a file no test-file rule names.
  "scripts/check.js": [
    'import { joinURL } from "../src/url.js";',
    "",
    'if (joinURL("a", "b") !== "a/b") throw new Error("joinURL");',
    "",
  ].join("\n"),
};

let root: string;
let index: CodeIndex;
beforeAll(async () => {
  root = scratchDir("xihe-failing-reach-");
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  index = await buildIndex(root, { cache: null });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const joinTest = { file: "test/join.test.js", line: 5 };
const baseTest = { file: "test/base.test.js", line: 5 };
const name = (id: string) => index.symbols.find((s) => s.id === id)?.qualifiedName;

describe("the functions failing tests call", () => {
  it("resolves a call inside a describe block named like the callee to the code under test", () => {
    const { callees } = testTargets(index, createSymbolLookup(index), [joinTest], [], []);
    const called = [...callees.keys()].map((id) => ({ name: name(id), file: id.split("#")[0] }));
    expect(called).toEqual([{ name: "joinURL", file: "src/url.js" }]);
  });
});

describe("failing_reach: the share of failing tests whose calls reach a function", () => {
  it("gives what every failing test reaches the full strength and an entry only some call a share", () => {
    const scores = failingReachSignal(index, createSymbolLookup(index), [joinTest, baseTest]);
    const byName = new Map([...scores].map(([id, hit]) => [name(id), hit.strength]));
    expect(byName.get("joinURL")).toBe(1);
    expect(byName.get("withBase")).toBe(0.5);
    expect(byName.has("hasProtocol")).toBe(false);
  });

  it("discounts what the passing test files reach as well, by the precision half of Ochiai", () => {
    // Only the withBase test fails; the passing joinURL test file reaches joinURL too.
    const scores = failingReachSignal(index, createSymbolLookup(index), [baseTest]);
    const byName = new Map([...scores].map(([id, hit]) => [name(id), hit]));
    expect(byName.get("withBase")?.strength).toBe(1);
    expect(byName.get("joinURL")?.strength).toBeCloseTo(Math.SQRT1_2, 6);
    expect(byName.get("joinURL")?.detail).toBe("reached by 1 of 1 failing tests, and by 1 other test files");
  });

  it("keeps a failing test's reach whole when its file is no test file: no test file's precision to take", () => {
    const scores = failingReachSignal(index, createSymbolLookup(index), [
      { file: "scripts/check.js", line: 3 },
    ]);
    const byName = new Map([...scores].map(([id, hit]) => [name(id), hit]));
    expect(byName.get("joinURL")?.strength).toBe(1);
    expect(byName.get("joinURL")?.detail).toBe("reached by 1 of 1 failing tests");
  });

  it("ranks the helper both failing tests reach above the entry only one of them calls", () => {
    const failure = (loc: { file: string; line: number }, test: string, message: string): Failure => ({
      tool: "vitest",
      kind: "test",
      file: loc.file,
      line: loc.line,
      column: null,
      test,
      message,
      rule: null,
      frames: [{ file: loc.file, line: loc.line, function: null, external: false }],
    });
    const failures = [
      failure(baseTest, "withBase > /foo + bar", "AssertionError: expected '/foo//bar' to be '/foo/bar'"),
      failure(joinTest, "joinURL > a + b", "AssertionError: expected 'a//b' to be 'a/b'"),
    ];
    const results = localize({
      index,
      failures,
      logText: failures.map((f) => `FAIL ${f.test}\n${f.message}\n ❯ ${f.file}:${f.line}:5`).join("\n"),
      readLines: (path) => readFileSync(join(root, path), "utf8").split("\n"),
    });
    expect(results[0]?.symbol).toBe("joinURL");
    expect(results[0]!.why.join(" ")).toMatch(/failing_reach: reached by 2 of 2 failing tests/);
  });
});
