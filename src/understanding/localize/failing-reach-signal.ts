// What every failing test reaches: one fault makes every failing test fail, so the fault lies in code
// each of them runs. Statically, each failing test (a distinct test location) runs what it calls and
// what those callees call, MAX_HOPS deep; a function's strength is the share of failing tests that
// reach it. An entry point that only some failing tests call (`withBase`, while the `joinURL` tests
// fail too) drops below the helper they all reach (`joinURL`, which `withBase` calls). A test file
// also runs the top-level code of the project modules it loads (module-load.ts): pako's
// `const crcTable = new Uint32Array(makeTable())` runs `makeTable` in every test importing pako.
// A failing test also runs what its describe blocks call and what narrow test helpers call
// (test-setup-calls.ts): radix3's tests build their router through test/_utils.ts `createRouter`.
// A function reached only through one handed on as a value (`items.filter(isValid)`) counts as
// VALUE_EDGE of a test (callee-graph.ts): whatever receives it may not call it on the failing path.
import type { CallEdge, CodeIndex, CodeSymbol } from "../index/code-index.ts";
import type { TestLocation } from "./frame-signal.ts";
import { addHit, type SignalScores } from "./localize-signal.ts";
import { calleesByCaller, edgeStrength, type CalleeGraph } from "./callee-graph.ts";
import { callsOfTest, resolveCallee } from "./test-target-signal.ts";
import type { SymbolLookup } from "../index/symbol-lookup.ts";
import { isTestBlock } from "../index/symbol-tables.ts";
import { importsByFile, loadCallsByFile, loadedWith } from "../index/module-load.ts";
import { NARROW_HELPER, setupCalls, testCode, throughHelpers, type TestCode } from "./test-setup-calls.ts";

const MAX_HOPS = 3;

export function failingReachSignal(
  index: CodeIndex,
  lookup: SymbolLookup,
  testLocations: readonly TestLocation[],
): SignalScores {
  const scores: SignalScores = new Map();
  const distinct = new Map(testLocations.map((l) => [`${l.file}:${l.line}`, l]));
  const graph = testFileGraph(index, lookup);
  const counts = new Map<string, { strength: number; tests: number }>();
  let tests = 0;
  for (const loc of distinct.values()) {
    const direct = callsOfTest(lookup, loc).map((c) => c.call);
    const setup = setupCalls(graph.code, lookup, loc);
    // A test none of whose calls resolve says nothing of where the fault is: its module loads alone
    // (which every test of its file shares) do not count it in, nor does a harness it only drives the
    // project through (pycodestyle's `self.pycodestyle('--diff')` runs the whole CLI for every such test).
    if (![...direct, ...setup].some((c) => resolveCallee(c, lookup).length > 0)) continue;
    const own = throughHelpers([...direct, ...setup], graph.code, lookup, graph.narrow);
    const seen = reach([...own, ...graph.loadCalls(loc.file)], lookup, graph.calleesOf);
    tests++;
    for (const [id, strength] of seen) {
      const count = counts.get(id) ?? { strength: 0, tests: 0 };
      counts.set(id, { strength: count.strength + strength, tests: count.tests + 1 });
    }
  }
  if (counts.size === 0) return scores;
  const all = allTestFilesReach(graph, lookup);
  const failing = failingTestFilesReach(graph, lookup, new Set(testLocations.map((l) => l.file)));
  for (const [id, { strength, tests: count }] of counts) {
    const symbol = lookup.byId(id);
    if (!symbol || lookup.isTest(symbol.file)) continue;
    const reachedBy = all.get(id) ?? 0;
    const failingReach = failing.get(id) ?? 0;
    // What the passing test files reach as well says little about this failure: the precision half of
    // Ochiai over test files (an entry every test file calls, with its options helpers, in 1 of 40).
    // A failing test in a file no test-file rule names reaches nothing here: no precision to take.
    const precision = failingReach > 0 && reachedBy > failingReach ? Math.sqrt(failingReach / reachedBy) : 1;
    const also = precision < 1 ? `, and by ${reachedBy - failingReach} other test files` : "";
    const handed = strength < count ? ", through a function handed on as a value" : "";
    addHit(
      scores,
      id,
      (strength / tests) * precision,
      `reached by ${count} of ${tests} failing tests${handed}${also}`,
    );
  }
  return scores;
}

// The call graph and each test file's calls depend on the code alone: one index's are worked out once
// (the fix loop localizes the same index every round), and so is what every test file reaches.
interface TestFileGraph {
  calleesOf: CalleeGraph;
  /** The resolved top-level calls of the project modules loading a file loads (module-load.ts); an
   * unresolved one would be taken by name, and module scope is full of `re.compile(...)`. */
  loadCalls: (file: string) => readonly CallEdge[];
  /** For each function, how many test files reach it; worked out when first needed. */
  all: Map<string, number> | null;
  /** Test files' calls, per file (whole-file: a test file runs all of them) and per caller. */
  code: TestCode;
  /** Whether a test helper's reach of the project is narrow enough to follow (test-setup-calls.ts). */
  narrow: (helper: CodeSymbol) => boolean;
  /** Test files other test files import (test/_utils.ts): support, not suites. */
  support: ReadonlySet<string>;
}

const graphs = new WeakMap<CodeIndex, TestFileGraph>();

function testFileGraph(index: CodeIndex, lookup: SymbolLookup): TestFileGraph {
  const known = graphs.get(index);
  if (known) return known;
  const calleesOf = calleesByCaller(index, lookup);
  const code = testCode(index, lookup);
  const breadth = new Map<string, boolean>();
  const narrow = (helper: CodeSymbol): boolean => {
    const known = breadth.get(helper.id);
    if (known !== undefined) return known;
    // Nested helpers are followed while this one's breadth is worked out: provisionally narrow.
    breadth.set(helper.id, true);
    const calls = throughHelpers(code.callsFrom.get(helper.id) ?? [], code, lookup, narrow);
    const ok = reach(calls, lookup, calleesOf).size <= NARROW_HELPER;
    breadth.set(helper.id, ok);
    return ok;
  };
  const graph: TestFileGraph = {
    calleesOf,
    loadCalls: loadCallsOf(index, lookup),
    all: null,
    code,
    narrow,
    support: supportFiles(index, lookup),
  };
  graphs.set(index, graph);
  return graph;
}

/**
 * Per file, memoized: many test files load the same package. One call per callee: a resolved call
 * reaches what its callee does wherever it stands, and a package's modules repeat the same load calls
 * (ramda's 300 `_curry2(...)`), which every test file loading the package would otherwise walk again.
 */
function loadCallsOf(index: CodeIndex, lookup: SymbolLookup): (file: string) => readonly CallEdge[] {
  const byFile = loadCallsByFile(index, lookup);
  const importsOf = importsByFile(index, lookup);
  const memo = new Map<string, CallEdge[]>();
  return (file) => {
    const known = memo.get(file);
    if (known) return known;
    const byCallee = new Map<string, CallEdge>();
    for (const f of loadedWith(file, importsOf))
      for (const c of byFile.get(f) ?? []) if (c.to && !byCallee.has(c.to)) byCallee.set(c.to, c);
    const calls = [...byCallee.values()];
    memo.set(file, calls);
    return calls;
  };
}

/** A test file's own calls and those the modules it loads make at load; none for a file no test-file
 * rule names (the test-file counts are over test files). */
function fileCalls(graph: TestFileGraph, lookup: SymbolLookup, file: string): CallEdge[] {
  if (!lookup.isTest(file)) return [];
  const own = throughHelpers(graph.code.callsByFile.get(file) ?? [], graph.code, lookup, graph.narrow);
  return [...own, ...graph.loadCalls(file)];
}

/**
 * Test files that other test files import and that hold no tests (radix3's test/_utils.ts): support,
 * not suites; their calls are counted through their importers. A suite another file imports
 * (hast-util-to-html's test/index.js imports every suite) is still a suite.
 */
function supportFiles(index: CodeIndex, lookup: SymbolLookup): Set<string> {
  const out = new Set<string>();
  for (const ref of index.imports) {
    const file = ref.resolved;
    if (!file || file === ref.file || out.has(file) || !lookup.isTest(ref.file) || !lookup.isTest(file))
      continue;
    if (!lookup.symbolsIn(file).some((s) => isTestBlock(s) || /^test/i.test(s.name))) out.add(file);
  }
  return out;
}

function allTestFilesReach(graph: TestFileGraph, lookup: SymbolLookup): ReadonlyMap<string, number> {
  if (graph.all) return graph.all;
  const all = new Map<string, number>();
  for (const file of graph.code.callsByFile.keys()) {
    if (graph.support.has(file)) continue;
    for (const id of reach(fileCalls(graph, lookup, file), lookup, graph.calleesOf).keys())
      all.set(id, (all.get(id) ?? 0) + 1);
  }
  graph.all = all;
  return all;
}

/** For each function, how many of the failing tests' files reach it. */
function failingTestFilesReach(
  graph: TestFileGraph,
  lookup: SymbolLookup,
  failingFiles: ReadonlySet<string>,
): Map<string, number> {
  const failing = new Map<string, number>();
  for (const file of failingFiles)
    for (const id of reach(fileCalls(graph, lookup, file), lookup, graph.calleesOf).keys())
      failing.set(id, (failing.get(id) ?? 0) + 1);
  return failing;
}

/**
 * What the calls resolve to and what those call, MAX_HOPS deep, each with how surely it runs: the
 * best over the paths there of the product of their edges' strengths (1 for a call, VALUE_EDGE for a
 * function handed on). Hop by hop, a function is walked on whenever a path reaches it more surely.
 */
function reach(
  calls: readonly CallEdge[],
  lookup: SymbolLookup,
  calleesOf: CalleeGraph,
): Map<string, number> {
  const best = new Map<string, number>();
  let frontier = new Map<string, number>();
  for (const call of calls)
    for (const callee of resolveCallee(call, lookup)) {
      const strength = edgeStrength(call);
      if (strength > (best.get(callee.id) ?? 0)) {
        best.set(callee.id, strength);
        frontier.set(callee.id, strength);
      }
    }
  for (let hop = 1; hop <= MAX_HOPS && frontier.size > 0; hop++) {
    const next = new Map<string, number>();
    for (const [id, strength] of frontier)
      for (const [callee, edge] of calleesOf.get(id) ?? []) {
        const through = strength * edge;
        if (through <= (best.get(callee) ?? 0)) continue;
        best.set(callee, through);
        next.set(callee, Math.max(next.get(callee) ?? 0, through));
      }
    frontier = next;
  }
  return best;
}
