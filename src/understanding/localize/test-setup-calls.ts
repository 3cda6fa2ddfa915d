// What a failing test runs besides its own body's calls, in test code: the calls its enclosing blocks
// make directly (`describe("Basic router", () => { const router = createRouter([...]); it(...) })`; a
// `beforeEach` callback is anonymous, so its calls belong to the describe too), and the calls of test
// helpers (functions of test files that are no test blocks: radix3's test/_utils.ts `createRouter`,
// which calls the project's `addRoute`). A helper is followed only when what it reaches of the project
// is narrow: a helper that drives a whole entry point (pycodestyle's `self.pycodestyle()` runs `_main`,
// nunjucks' `equal()` renders a template) would make every failing test's reach broad and flat, and
// says no more about the fault than the test's own calls do.
import type { CallEdge, CodeIndex, CodeSymbol } from "../index/code-index.ts";
import { isTestBlock } from "../index/symbol-tables.ts";
import { isCallable, type SymbolLookup } from "../index/symbol-lookup.ts";
import type { TestLocation } from "./frame-signal.ts";

/** A helper whose own reach of the project is more than this many functions drives an entry point. */
export const NARROW_HELPER = 12;

export interface TestCode {
  /** Calls made in each test-file symbol (its own body, not the functions nested in it). */
  callsFrom: ReadonlyMap<string, readonly CallEdge[]>;
  /** Every call of each test file, its top level's included. */
  callsByFile: ReadonlyMap<string, readonly CallEdge[]>;
}

const known = new WeakMap<CodeIndex, TestCode>();

export function testCode(index: CodeIndex, lookup: SymbolLookup): TestCode {
  const have = known.get(index);
  if (have) return have;
  const callsFrom = new Map<string, CallEdge[]>();
  const callsByFile = new Map<string, CallEdge[]>();
  for (const call of index.calls) {
    if (!lookup.isTest(call.file)) continue;
    append(callsByFile, call.file, call);
    if (call.from) append(callsFrom, call.from, call);
  }
  const code = { callsFrom, callsByFile };
  known.set(index, code);
  return code;
}

function append(map: Map<string, CallEdge[]>, key: string, call: CallEdge): void {
  const calls = map.get(key);
  if (calls) calls.push(call);
  else map.set(key, [call]);
}

/**
 * The calls made directly in the callables enclosing the failing test's innermost one: its describe
 * blocks (and their `beforeEach` callbacks) and a function that defines the tests (radix3's
 * `testRouter()`). A sibling test's calls are its own symbol's, so they are not taken.
 */
export function setupCalls(code: TestCode, lookup: SymbolLookup, loc: TestLocation): CallEdge[] {
  const around = lookup
    .symbolsIn(loc.file)
    .filter((s) => isCallable(s) && s.startLine <= loc.line && loc.line <= s.endLine);
  if (around.length < 2) return [];
  const innermost = lookup.enclosing(loc.file, loc.line);
  return around.filter((s) => s.id !== innermost?.id).flatMap((s) => code.callsFrom.get(s.id) ?? []);
}

/** The test helper a call means, if it means one: a function of a test file that is no test block and
 * does not enclose the call (a describe named like the function it tests is no helper). */
export function helperOf(call: CallEdge, lookup: SymbolLookup): CodeSymbol | null {
  const target = call.to ? lookup.byId(call.to) : undefined;
  if (!target || !isCallable(target) || !lookup.isTest(target.file) || isTestBlock(target)) return null;
  const encloses = target.file === call.file && target.startLine <= call.line && call.line <= target.endLine;
  return encloses ? null : target;
}

/**
 * The calls plus those of the helpers they reach, transitively (a helper costs no hop: it is the test's
 * own code). `narrow` says whether a helper's calls may be taken; the helpers it refuses end the walk.
 */
export function throughHelpers(
  calls: readonly CallEdge[],
  code: TestCode,
  lookup: SymbolLookup,
  narrow: (helper: CodeSymbol) => boolean = () => true,
): CallEdge[] {
  const out = [...calls];
  const seen = new Set<string>();
  for (let i = 0; i < out.length; i++) {
    const helper = helperOf(out[i]!, lookup);
    if (!helper || seen.has(helper.id)) continue;
    seen.add(helper.id);
    if (narrow(helper)) out.push(...(code.callsFrom.get(helper.id) ?? []));
  }
  return out;
}
