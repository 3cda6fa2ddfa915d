import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";
import { createSymbolLookup } from "../../../src/understanding/index/symbol-lookup.ts";
import { failingReachSignal } from "../../../src/understanding/localize/failing-reach-signal.ts";
import { NARROW_HELPER, setupCalls, testCode } from "../../../src/understanding/localize/test-setup-calls.ts";
import { scratchDir } from "../../support/scratch-dir.ts";

// A router laid out like radix3: the tests build their router through a helper of a test-support
// module (test/_utils.ts `createRouter`, which calls the project's `addRoute`), at describe level, and
// each test then only looks up. A second helper renders through a whole pipeline of many functions.
const stages = Array.from({ length: NARROW_HELPER + 2 }, (_, i) => `stage${i}`);
const files: Record<string, string> = {
  "src/router.ts": [
    "export function addRoute(router, path, data) {",
    "  router.routes[splitPath(path)] = data;",
    "}",
    "",
    "export function splitPath(path) {",
    '  return path.split("/").join("/");',
    "}",
    "",
    "export function findRoute(router, path) {",
    "  return router.routes[path];",
    "}",
    "",
  ].join("\n"),
  "src/pipeline.ts": [
    ...stages.map((s, i) =>
      i + 1 < stages.length
        ? `export function ${s}(x) {\n  return ${stages[i + 1]}(x + 1);\n}\n`
        : `export function ${s}(x) {\n  return x;\n}\n`,
    ),
    "export function render(x) {",
    `  return ${stages.map((s) => `${s}(x)`).join(" + ")};`,
    "}",
    "",
  ].join("\n"),
  "test/_utils.ts": [
    'import { addRoute } from "../src/router";',
    'import { render } from "../src/pipeline";',
    "",
    "export function createRouter(paths) {",
    "  const router = { routes: {} };",
    "  for (const path of paths) addRoute(router, path, { path });",
    "  return router;",
    "}",
    "",
    "export function rendered(x) {",
    "  return render(x);",
    "}",
    "",
    "export function check(paths) {",
    "  return createRouter(paths);",
    "}",
    "",
  ].join("\n"),
  "test/basic.test.ts": [
    'import { createRouter, rendered } from "./_utils";',
    'import { findRoute } from "../src/router";',
    "",
    'describe("Basic router", () => {',
    '  const router = createRouter(["/a", "/b"]);',
    '  it("finds /a", () => {',
    '    expect(findRoute(router, "/a")).toEqual({ path: "/a" });',
    "  });",
    '  it("renders", () => {',
    "    expect(rendered(1)).toBe(2);",
    '    expect(findRoute(router, "/b")).toEqual({ path: "/b" });',
    "  });",
    "});",
    "",
  ].join("\n"),
  // Runs the suites (hast-util-to-html's test/index.js): other.test.ts is imported, and still a suite.
  "test/all.test.ts": ['import "./other.test";', ""].join("\n"),
  "test/other.test.ts": [
    'import { findRoute } from "../src/router";',
    'import { check } from "./_utils";',
    "",
    'describe("lookups", () => {',
    '  it("misses", () => {',
    '    expect(findRoute({ routes: {} }, "/x")).toBe(undefined);',
    "  });",
    '  it("builds", () => {',
    '    expect(check(["/a"]).routes).toBeTruthy();',
    "  });",
    "});",
    "",
  ].join("\n"),
};

let root: string;
let index: CodeIndex;
beforeAll(async () => {
  root = scratchDir("xihe-test-setup-");
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  index = await buildIndex(root, { cache: null });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const findsA = { file: "test/basic.test.ts", line: 7 };
const renders = { file: "test/basic.test.ts", line: 10 };
const name = (id: string) => index.symbols.find((s) => s.id === id)?.qualifiedName;
const reached = (locs: { file: string; line: number }[]) => {
  const scores = failingReachSignal(index, createSymbolLookup(index), locs);
  return new Map([...scores].map(([id, hit]) => [name(id), hit]));
};

describe("the calls a failing test's enclosing blocks make", () => {
  it("takes the describe's own calls, not a sibling test's", () => {
    const lookup = createSymbolLookup(index);
    const calls = setupCalls(testCode(index, lookup), lookup, findsA).map((c) => c.calleeName);
    expect(calls).toContain("createRouter");
    expect(calls).not.toContain("rendered");
  });
});

describe("failing_reach through describe-level setup and test helpers", () => {
  it("reaches what a narrow helper called at describe level reaches in the project", () => {
    const byName = reached([findsA]);
    expect(byName.get("findRoute")?.strength).toBeGreaterThan(0);
    expect(byName.get("addRoute")?.detail).toMatch(/^reached by 1 of 1 failing tests/);
    expect(byName.get("splitPath")?.detail).toMatch(/^reached by 1 of 1 failing tests/);
    expect([...byName.keys()].some((n) => n === "createRouter")).toBe(false);
  });

  it("does not follow a helper whose reach is a whole pipeline", () => {
    const byName = reached([renders]);
    expect(byName.has("addRoute")).toBe(true);
    expect(byName.has("render")).toBe(false);
    expect(byName.has("stage0")).toBe(false);
  });

  it("does not count in a test that reaches the project only through a helper", () => {
    // The "builds" test calls only `check`, a harness: it says nothing of where the fault is by itself.
    const builds = { file: "test/other.test.ts", line: 9 };
    expect(reached([builds]).size).toBe(0);
    const both = reached([findsA, builds]);
    expect(both.get("addRoute")?.detail).toMatch(/^reached by 1 of 1 failing tests/);
  });

  it("counts a test-support module as no passing test file", () => {
    // other.test.ts reaches addRoute through its helpers too (check -> createRouter); _utils.ts, which
    // both suites import, is no third test file; other.test.ts, which all.test.ts imports, is a suite.
    const byName = reached([findsA]);
    expect(byName.get("addRoute")?.detail).toBe("reached by 1 of 1 failing tests, and by 1 other test files");
    expect(byName.get("addRoute")?.strength).toBeCloseTo(Math.SQRT1_2, 6);
  });
});
