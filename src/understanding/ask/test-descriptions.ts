// EXPERIMENT (session 33, branch s33-askexpand; reverted in the next commit): knobs read from the
// environment so one process could score every weight; see bench/ask-corpus/RESULTS.md.
// What the repository's own developers wrote about a function outside it: the descriptions of the
// tests that call it (`it("returns the fallback when the key is missing")`, `describe("get")`,
// `def test_fallback_for_missing_key`, a test's docstring). A question is worded like a test's
// description more often than like the code ("fallback" where the code says `default`), so these
// words are a separate, low-weight field of the function's searchable text.
import type { CodeIndex, CodeSymbol } from "../index/code-index.ts";
import { splitCallee } from "../index/callee-name.ts";
import { splitIdentifiers } from "../index/split-identifiers.ts";

// Words every test name carries: they describe the test harness, not the code under test.
const HARNESS_WORDS = new Set(["test", "tests", "should", "it", "spec", "describe", "case", "cases"]);

/** One test that calls a symbol directly, and its description's words. */
export interface DescribingTest {
  test: CodeSymbol;
  words: string[];
}

/**
 * symbol id -> the tests (functions and methods of test files, `it`/`test`/`describe` blocks
 * included) whose calls the index resolved to it, each with its description's words: its qualified
 * name (a block's title after its `describe` titles) and its doc comment, split into words.
 */
export function describingTests(index: Pick<CodeIndex, "files" | "symbols" | "calls">): Map<string, DescribingTest[]> {
  const testFiles = new Set(index.files.filter((f) => f.isTest).map((f) => f.path));
  const tests = new Map(
    index.symbols
      .filter((s) => testFiles.has(s.file) && (s.kind === "function" || s.kind === "method"))
      .map((s) => [s.id, s]),
  );
  const targets = new Map(index.symbols.filter((s) => !testFiles.has(s.file)).map((s) => [s.id, s]));
  const byName = new Map<string, string[]>();
  for (const s of targets.values())
    if (s.kind === "function" || s.kind === "method") byName.set(s.name, [...(byName.get(s.name) ?? []), s.id]);
  const out = new Map<string, DescribingTest[]>();
  const seen = new Set<string>();
  for (const call of index.calls) {
    if (call.from === null) continue;
    const test = tests.get(call.from);
    if (!test) continue;
    const named = process.env["XIHE_ASK_TESTS_NAMES"] === "1" && call.to === null ? byName.get(splitCallee(call.calleeName).member) : undefined;
    const to = call.to ?? (named?.length === 1 ? named[0] : undefined);
    if (to === undefined || !targets.has(to)) continue;
    const key = `${to}\0${test.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const list = out.get(to) ?? [];
    list.push({ test, words: descriptionWords(test) });
    out.set(to, list);
  }
  if (process.env["XIHE_ASK_TESTS_HOPS"] === "2") {
    const callees = new Map<string, Set<string>>();
    for (const c of index.calls)
      if (c.from && c.to && targets.has(c.from) && targets.has(c.to) && c.from !== c.to)
        callees.set(c.from, (callees.get(c.from) ?? new Set()).add(c.to));
    for (const [id, list] of [...out]) {
      for (const next of callees.get(id) ?? []) {
        const have = out.get(next) ?? [];
        for (const t of list) if (!have.some((h) => h.test === t.test)) have.push(t);
        out.set(next, have);
      }
    }
  }
  return out;
}

function descriptionWords(test: CodeSymbol): string[] {
  const text = test.doc ? `${test.qualifiedName} ${test.doc}` : test.qualifiedName;
  return splitIdentifiers(text).filter((w) => !HARNESS_WORDS.has(w));
}
