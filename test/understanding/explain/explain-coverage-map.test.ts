// Per-test coverage for explain: which test files executed a symbol (body lines, not the lines that
// define it: decorators, a multi-line signature; a class by its methods), the map's JSON round trip, and the cache per head SHA that
// never reads or writes through a planted symlink.
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { CodeSymbol } from "../../../src/understanding/index/code-index.ts";
import {
  coverageCachePath,
  readCoverageCache,
  writeCoverageCache,
} from "../../../src/understanding/explain/per-test-coverage/coverage-cache.ts";
import {
  coverageKey,
  coverageMapFromJson,
  coverageMapToJson,
  type TestCoverageMap,
} from "../../../src/understanding/explain/per-test-coverage/test-coverage-map.ts";
import { testsCovering } from "../../../src/understanding/explain/per-test-coverage/tests-covering.ts";
import { coverageReaching } from "../../../src/understanding/explain/per-test-coverage/coverage-reaching.ts";
import type { SymbolImpact } from "../../../src/understanding/explain/symbol-impact.ts";
import type { ReachingTest } from "../../../src/understanding/explain/tests-reaching.ts";
import { makeScratchDir } from "../../support/scratch-dir.ts";

const symbol = (over: Partial<CodeSymbol>): CodeSymbol => ({
  id: `src/a.js#${over.name ?? "f"}@${over.startLine ?? 1}`,
  name: "f",
  qualifiedName: over.name ?? "f",
  kind: "function",
  file: "src/a.js",
  startLine: 1,
  endLine: 3,
  signature: "",
  doc: null,
  exported: true,
  parent: null,
  ...over,
});

const lines = (...n: number[]) => ({ lines: new Set(n), functionNames: new Set<string>() });
const key = coverageKey({
  headSha: "a".repeat(40),
  command: "npm test",
  changedFiles: ["src/a.js"],
  testFiles: ["test/f.test.js", "test/g.test.js", "test/load.test.js"],
});
const map: TestCoverageMap = {
  ...key,
  tests: new Map([
    // Loads the module only: the lines that define f (1) and g (5) ran, no body line.
    ["test/load.test.js", { exitCode: 0, coverage: new Map([["src/a.js", lines(1, 5)]]) }],
    ["test/f.test.js", { exitCode: 1, coverage: new Map([["src/a.js", lines(1, 2, 5)]]) }],
    [
      "test/g.test.js",
      {
        exitCode: 0,
        coverage: new Map([["src/a.js", { lines: new Set<number>(), functionNames: new Set(["g"]) }]]),
      },
    ],
  ]),
};

let scratch: ReturnType<typeof makeScratchDir> | undefined;
afterEach(() => scratch?.remove());

describe("explain per-test coverage", () => {
  it("replaces the call graph's tests by coverage for the files it ran, and keeps them for files it did not run", () => {
    const byCalls = (path: string): ReachingTest => ({
      test: "it works",
      path,
      line: 4,
      via: ["it works", "f"],
      changedInDiff: false,
      evidence: "calls",
    });
    const impact: SymbolImpact = {
      callers: [],
      callerTotal: 0,
      tests: [],
      testTotal: 0,
      references: [],
      referenceTotal: 0,
      // load.test.js ran and did not execute f; slow.test.js was never run (budget spent).
      testsReaching: [byCalls("test/load.test.js"), byCalls("test/slow.test.js")],
      testsReachingTotal: 2,
      newCallees: [],
      stillCalled: [],
    };
    const out = coverageReaching(impact, symbol({ name: "f" }), [], map, new Set(["test/f.test.js"]));
    expect(out.testsReaching.map((t) => [t.path, t.evidence])).toEqual([
      ["test/f.test.js", "coverage"],
      ["test/slow.test.js", "calls"],
    ]);
    expect(out.testsReachingTotal).toBe(2);
  });

  it("counts a body line or a transformed module's function name, never only the defining line", () => {
    expect(testsCovering(map, symbol({ name: "f" }), [])).toEqual(["test/f.test.js"]);
    expect(testsCovering(map, symbol({ name: "g", startLine: 5, endLine: 7 }), [])).toEqual([
      "test/g.test.js",
    ]);
    const cls = symbol({ name: "C", kind: "class", startLine: 1, endLine: 9 });
    const method = symbol({ name: "m", kind: "method", startLine: 4, endLine: 6, parent: cls.id });
    // Decorated (line 1) and its signature on lines 2-4: the body begins at line 5, which only
    // load.test.js and f.test.js ran; line 2 ran in f.test.js when the module defined the function.
    const decorated = symbol({ name: "h", startLine: 1, endLine: 6, bodyLine: 6 });
    expect(testsCovering(map, decorated, [])).toEqual([]);
    expect(testsCovering(map, { ...decorated, bodyLine: 5 }, [])).toEqual([
      "test/f.test.js",
      "test/load.test.js",
    ]);
    // A one-line JavaScript function: its line ran in every file that loaded the module; V8's name decides.
    expect(testsCovering(map, symbol({ name: "h", startLine: 5, endLine: 5 }), [])).toEqual([]);
    expect(testsCovering(map, symbol({ name: "g", startLine: 5, endLine: 5 }), [])).toEqual([
      "test/g.test.js",
    ]);
    // A class counts by its methods: line 5 lies in the body of its method m.
    expect(testsCovering(map, cls, [method])).toEqual(["test/f.test.js", "test/load.test.js"]);
  });

  it("counts an accessor V8 names `get x` / `set x` as the index's `x`", () => {
    const accessors: TestCoverageMap = {
      ...key,
      tests: new Map([
        [
          "test/get.test.js",
          {
            exitCode: 0,
            coverage: new Map([
              ["src/a.js", { lines: new Set<number>(), functionNames: new Set(["get total"]) }],
            ]),
          },
        ],
        [
          "test/set.test.js",
          {
            exitCode: 0,
            coverage: new Map([
              ["src/a.js", { lines: new Set<number>(), functionNames: new Set(["set total"]) }],
            ]),
          },
        ],
      ]),
    };
    const getter = symbol({ name: "total", kind: "method", startLine: 20, endLine: 22 });
    expect(testsCovering(accessors, getter, [])).toEqual(["test/get.test.js", "test/set.test.js"]);
  });

  it("round-trips the map through JSON and keeps it per head SHA, refusing a planted symlink", () => {
    expect(coverageMapFromJson(coverageMapToJson(map))).toEqual(map);
    expect(() => coverageMapFromJson('{"headSha": 1}')).toThrow(/headSha/);
    scratch = makeScratchDir("explain-coverage-cache");
    const root = join(scratch.dir, "repo");
    mkdirSync(root);
    const path = writeCoverageCache(root, map);
    expect(readFileSync(join(root, ".xihe", ".gitignore"), "utf8")).toBe("*\n");
    expect(readCoverageCache(root, key)).toEqual(map);
    expect(readCoverageCache(root, { ...key, headSha: "b".repeat(40) })).toBeNull();
    // A link at the cache's name is not read through.
    const other = { ...key, headSha: "c".repeat(40) };
    const elsewhere = join(scratch.dir, "elsewhere.json");
    writeFileSync(elsewhere, coverageMapToJson({ ...map, ...other }));
    symlinkSync(elsewhere, coverageCachePath(root, other));
    expect(readCoverageCache(root, other)).toBeNull();
    expect(path).toBe(coverageCachePath(root, key));
    expect(() => coverageCachePath(root, { ...key, headSha: "../x" })).toThrow(/not a commit id/);
  });

  it("answers only the question it was made for: another base, test set, command or extractor runs again", () => {
    scratch = makeScratchDir("explain-coverage-key");
    const root = join(scratch.dir, "repo");
    mkdirSync(root);
    writeCoverageCache(root, map);
    // Another --base changes the diff's files at the same head.
    expect(readCoverageCache(root, { ...key, changedFiles: ["src/a.js", "src/b.js"] })).toBeNull();
    expect(readCoverageCache(root, { ...key, testFiles: ["test/f.test.js"] })).toBeNull();
    expect(readCoverageCache(root, { ...key, command: "npx vitest run" })).toBeNull();
    expect(readCoverageCache(root, { ...key, extractor: key.extractor + 1 })).toBeNull();
    // No command asked for (explain without --coverage): the map of the same question, whatever made it.
    expect(readCoverageCache(root, { ...key, command: null })).toEqual(map);
    // Two bases of one head are kept side by side.
    const wider = { ...map, changedFiles: ["src/a.js", "src/b.js"] };
    writeCoverageCache(root, wider);
    expect(readCoverageCache(root, key)).toEqual(map);
    expect(readCoverageCache(root, wider)).toEqual(wider);
  });
});
