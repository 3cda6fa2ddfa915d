// A failing test that spells a function's name as a string (`{type: 'strong'}`, `handle['emphasis']`,
// `getattr(codec, 'decode_tag')`) reaches it through a table no call edge follows: handlers keyed by
// node type, visitor maps, registries. A name counts by how rarely the failing tests' files spell it:
// `'text'` in every test says nothing, `'strong'` in a few says which handler ran.
import type { CodeIndex } from "../index/code-index.ts";
import type { ReadLines } from "../index/symbol-documents.ts";
import { isCallable, type SymbolLookup } from "../index/symbol-lookup.ts";
import type { TestLocation } from "./frame-signal.ts";
import { addHit, type SignalScores } from "./localize-signal.ts";
import { WINDOW_ABOVE } from "./test-target-signal.ts";

// A test block longer than this is a whole suite, not the failing test: read the window instead.
const MAX_TEST_LINES = 80;
// Shorter strings are flags and units (`'a'`, `'px'`), not names.
const MIN_NAME = 3;
const QUOTED_NAME = /(['"`])([A-Za-z_$][\w$]*)\1/g;

export function testLiteralSignal(
  index: CodeIndex,
  lookup: SymbolLookup,
  readLines: ReadLines,
  testLocations: readonly TestLocation[],
): SignalScores {
  const scores: SignalScores = new Map();
  if (testLocations.length === 0) return scores;
  const named = namedFunctions(index, lookup);
  // Which failing tests spell each name, counted once per test: a test's frames and its title
  // may locate it more than once.
  const spans = new Map<string, readonly string[]>();
  for (const loc of testLocations) {
    const lines = readLines(loc.file);
    if (!lines) continue;
    const span = testSpan(lines, lookup, loc);
    spans.set(`${loc.file}\0${span.start}`, lines.slice(span.start - 1, span.end));
  }
  const spelledBy = new Map<string, number>();
  for (const text of spans.values())
    for (const name of new Set(quotedNames(text.join("\n"))))
      if (named.has(name)) spelledBy.set(name, (spelledBy.get(name) ?? 0) + 1);
  if (spelledBy.size === 0) return scores;
  const rarity = rarityIn([...new Set(testLocations.map((l) => l.file))], readLines, [...spelledBy.keys()]);
  // A loop, not Math.max(...): a test file can spell more names than a call takes arguments.
  let best = 0;
  for (const r of rarity.values()) best = Math.max(best, r);
  if (best <= 0) return scores;
  for (const [name, count] of spelledBy) {
    const strength = ((rarity.get(name) ?? 0) / best) * (count / spans.size);
    if (strength <= 0) continue;
    for (const id of named.get(name) ?? [])
      addHit(scores, id, strength, `'${name}' spelled by ${count} failing test(s)`);
  }
  return scores;
}

function namedFunctions(index: CodeIndex, lookup: SymbolLookup): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const s of index.symbols) {
    if (s.name.length < MIN_NAME || !isCallable(s) || lookup.isTest(s.file)) continue;
    const ids = out.get(s.name);
    if (ids) ids.push(s.id);
    else out.set(s.name, [s.id]);
  }
  return out;
}

/**
 * 1-based, inclusive. An anonymous test callback is not a symbol: the window test-target-signal.ts
 * reads for the test's calls.
 */
function testSpan(lines: readonly string[], lookup: SymbolLookup, loc: TestLocation) {
  const around = lookup.enclosing(loc.file, loc.line);
  if (around && isCallable(around) && around.endLine - around.startLine < MAX_TEST_LINES)
    return { start: around.startLine, end: around.endLine };
  return { start: Math.max(1, loc.line - WINDOW_ABOVE), end: Math.min(lines.length, loc.line) };
}

function quotedNames(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(QUOTED_NAME)) if (m[2]!.length >= MIN_NAME) out.push(m[2]!);
  return out;
}

/** log(lines / lines spelling the name) over the failing tests' files: an inverse document frequency. */
function rarityIn(
  files: readonly string[],
  readLines: ReadLines,
  names: readonly string[],
): Map<string, number> {
  const spelling = new Map<string, number>(names.map((n) => [n, 0]));
  let total = 0;
  for (const file of files) {
    for (const line of readLines(file) ?? []) {
      total++;
      for (const name of new Set(quotedNames(line))) {
        const seen = spelling.get(name);
        if (seen !== undefined) spelling.set(name, seen + 1);
      }
    }
  }
  return new Map(names.map((n) => [n, Math.log((total + 1) / ((spelling.get(n) ?? 0) + 1))]));
}
