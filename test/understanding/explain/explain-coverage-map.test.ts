// Per-test coverage for explain: which test files executed a symbol (body lines, not the line that
// defines it; a class by its methods), the map's JSON round trip, and the cache per head SHA that
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
  coverageMapFromJson,
  coverageMapToJson,
  type TestCoverageMap,
} from "../../../src/understanding/explain/per-test-coverage/test-coverage-map.ts";
import { testsCovering } from "../../../src/understanding/explain/per-test-coverage/tests-covering.ts";
import { coverageReaching } from "../../../src/understanding/explain/per-test-coverage/coverage-reaching.ts";
import type { SymbolImpact } from "../../../src/understanding/explain/symbol-impact.ts";
import type { ReachingTest } from "../../../src/understanding/explain/tests-reaching.ts";
import { makeScratchDir } from "../../workspace/scratch-dir.ts";

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
const map: TestCoverageMap = {
  headSha: "a".repeat(40),
  command: "npm test",
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
    // A class counts by its methods: line 5 lies in the body of its method m.
    expect(testsCovering(map, cls, [method])).toEqual(["test/f.test.js", "test/load.test.js"]);
  });

  it("round-trips the map through JSON and keeps it per head SHA, refusing a planted symlink", () => {
    expect(coverageMapFromJson(coverageMapToJson(map))).toEqual(map);
    expect(() => coverageMapFromJson('{"headSha": 1}')).toThrow(/headSha/);
    scratch = makeScratchDir("explain-coverage-cache");
    const root = join(scratch.dir, "repo");
    mkdirSync(root);
    const path = writeCoverageCache(root, map);
    expect(readFileSync(join(root, ".xihe", ".gitignore"), "utf8")).toBe("*\n");
    expect(readCoverageCache(root, map.headSha)).toEqual(map);
    expect(readCoverageCache(root, "b".repeat(40))).toBeNull();
    // A link at the cache's name is not read through.
    const elsewhere = join(scratch.dir, "elsewhere.json");
    writeFileSync(elsewhere, coverageMapToJson({ ...map, headSha: "c".repeat(40) }));
    symlinkSync(elsewhere, coverageCachePath(root, "c".repeat(40)));
    expect(readCoverageCache(root, "c".repeat(40))).toBeNull();
    expect(path).toBe(coverageCachePath(root, map.headSha));
    expect(() => coverageCachePath(root, "../x")).toThrow(/not a commit id/);
  });
});
