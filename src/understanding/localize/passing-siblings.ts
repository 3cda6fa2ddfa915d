// The tests that ran beside the failing ones and passed: the other tests of the failing tests' files.
// A function they call as often as the failing tests do explains nothing of the failure (the entry
// point every test of parsy's test_parsy.py calls, `Parser.parse`); one only the failing tests reach
// does. A test counts as passing only when nothing says it failed: no failing location lies in it and
// no failure's name spells its name. A file in which a failing location lies outside every test
// (a generated case, a helper) says nothing of which of its tests failed: its tests are left out.
import type { Failure } from "../../perception/failure.ts";
import type { CodeSymbol } from "../index/code-index.ts";
import { isCallable, type SymbolLookup } from "../index/symbol-lookup.ts";
import { isTestBlock } from "../index/symbol-tables.ts";
import type { TestLocation } from "./frame-signal.ts";

export function passingSiblings(
  lookup: SymbolLookup,
  testLocations: readonly TestLocation[],
  failures: readonly Failure[],
): CodeSymbol[] {
  const byFile = new Map<string, TestLocation[]>();
  for (const loc of testLocations) byFile.set(loc.file, [...(byFile.get(loc.file) ?? []), loc]);
  const names = failures.flatMap((f) => (f.test ? [f.test] : []));
  const out: CodeSymbol[] = [];
  for (const [file, locs] of byFile) {
    const tests = testsIn(lookup, file);
    const holds = (t: CodeSymbol, loc: TestLocation) => t.startLine <= loc.line && loc.line <= t.endLine;
    if (!locs.every((loc) => tests.some((t) => holds(t, loc)))) continue;
    for (const t of tests)
      if (!locs.some((loc) => holds(t, loc)) && !names.some((n) => n.includes(t.name))) out.push(t);
  }
  return out;
}

/**
 * A file's tests, innermost: `it`/`test` blocks that hold no other block (a `describe` is a group),
 * and in Python the `test*` functions and methods pytest and unittest collect.
 */
function testsIn(lookup: SymbolLookup, file: string): CodeSymbol[] {
  const python = file.endsWith(".py");
  const candidates = lookup
    .symbolsIn(file)
    .filter((s) => isCallable(s) && (isTestBlock(s) || (python && /^test/.test(s.name))));
  return candidates.filter(
    (s) =>
      !candidates.some(
        (inner) => inner !== s && s.startLine <= inner.startLine && inner.endLine <= s.endLine,
      ),
  );
}
