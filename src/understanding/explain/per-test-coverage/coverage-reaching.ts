// Replaces the call-graph guess of which tests reach a symbol by what per-test coverage shows: every
// test file whose run executed it, named by the test block the call graph found in that file when
// there is one, the diff's own test files first. A test file the coverage run did not run (the budget
// ran out, or no import path led to it) keeps what the call graph found for it.
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
  const reaching: ReachingTest[] = testsCovering(map, symbol, members).map((path) => {
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
