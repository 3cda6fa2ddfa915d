// Replaces the call-graph guess of which tests reach a symbol by what per-test coverage shows: every
// test file whose run executed it, named by the test block the call graph found in that file when
// there is one, the diff's own test files first. A test file the coverage run did not run (the budget
// ran out, or no import path led to it) keeps what the call graph found for it, and so does a Python
// class without methods.
import type { CodeSymbol } from "../../index/code-index.ts";
import type { SymbolImpact } from "../symbol-impact.ts";
import type { ReachingTest } from "../tests-reaching.ts";
import type { TestCoverageMap } from "./test-coverage-map.ts";
import { testsCovering } from "./tests-covering.ts";

export function coverageReaching(
  impact: SymbolImpact,
  symbol: CodeSymbol,
  members: readonly CodeSymbol[],
  map: TestCoverageMap,
  changedFiles: ReadonlySet<string>,
): SymbolImpact {
  // A Python class body (its attributes too) runs when its module is imported, in every test file
  // that loads it: only its methods tell. A class without methods has nothing else of its own to run
  // (a dataclass's generated `__init__` has no file), so coverage cannot tell which tests use it and
  // the call graph's answer stays.
  const python = symbol.kind === "class" && symbol.file.endsWith(".py");
  const telling = python ? members.filter((m) => m.kind === "method" || m.kind === "function") : members;
  if (python && telling.length === 0) return impact;
  const reaching: ReachingTest[] = testsCovering(map, symbol, telling).map((path) => {
    const byCalls = impact.testsReaching.find((t) => t.path === path);
    return {
      test: byCalls?.test ?? null,
      path,
      line: byCalls?.line ?? 1,
      via: byCalls?.via ?? [path, symbol.qualifiedName],
      changedInDiff: changedFiles.has(path),
      evidence: "coverage",
    };
  });
  for (const byCalls of impact.testsReaching) if (!map.tests.has(byCalls.path)) reaching.push(byCalls);
  reaching.sort((a, b) => Number(b.changedInDiff) - Number(a.changedInDiff) || a.path.localeCompare(b.path));
  return { ...impact, testsReaching: reaching, testsReachingTotal: reaching.length };
}
