// Lexical evidence: exact names first (a symbol or file the failure spells out), then BM25 of the
// failure's words against every candidate symbol's document, normalised to the best match.
import type { CodeSymbol } from "../index/code-index.ts";
import { createBm25Index } from "./bm25.ts";
import { addHit, type SignalScores } from "./localize-signal.ts";
import { symbolDocument, type ReadLines } from "../index/symbol-documents.ts";

export interface LexicalQuery {
  /** Split terms of the failure itself (messages, test names, failing test lines), aliases expanded. */
  terms: readonly string[];
  /** Split terms of the whole log: broader, noisier (passing tests are in it too). */
  logTerms: readonly string[];
  /** Identifiers as written in the failure (exact-match entities). */
  identifiers: ReadonlySet<string>;
  /** Identifiers as written in the failing tests' names (test-name-identifiers.ts). */
  testNameIdentifiers: ReadonlySet<string>;
  /** Ids of what the failing tests call themselves: a test's name spelling one of them adds nothing. */
  calledByTests: ReadonlySet<string>;
}

export interface LexicalEvidence {
  bm25: SignalScores;
  bm25Log: SignalScores;
  exact: SignalScores;
}

// Only the best few BM25 matches carry signal; the long tail is noise that would blur the rerank.
const BM25_KEEP = 30;

export function lexicalSignal(
  candidates: readonly CodeSymbol[],
  readLines: ReadLines,
  query: LexicalQuery,
): LexicalEvidence {
  const exact: SignalScores = new Map();
  for (const symbol of candidates)
    if (query.identifiers.has(symbol.name) && symbol.name.length >= 3)
      addHit(exact, symbol.id, 1, `names ${symbol.name}`);
  addTestNamed(exact, candidates, query);
  if (candidates.length === 0) return { bm25: new Map(), bm25Log: new Map(), exact };
  const index = createBm25Index(candidates.map((s) => symbolDocument(s, readLines(s.file))));
  return {
    bm25: topMatches(candidates, index.score(query.terms), "failure text"),
    bm25Log: topMatches(candidates, index.score(query.logTerms), "log text"),
    exact,
  };
}

// A test name is prose as well as code (`should parse a list`): a word it shares with more functions
// than this (`parse`, `generate`, `get`) is a common word of the code base, not a pointer to one of them.
const MAX_NAMESAKES = 2;
// A test is named after the entry it calls as often as after the function at fault (`res.redirect`
// for a fault in `res.location`): a name in a message, where the failure itself spoke, counts more.
const TEST_NAMED = 0.5;
// `set`, `get`, `add`: three letters are a verb of the test's prose as often as a function's name.
const MIN_LENGTH = 4;

/**
 * A test named after what it calls (`res.redirect`, `validate`) says what test_callee says; one named
 * after a function it reaches only through another (`cycler`, used by the `render` it calls) points
 * past the entry.
 */
function addTestNamed(exact: SignalScores, candidates: readonly CodeSymbol[], query: LexicalQuery): void {
  const namesakes = new Map<string, CodeSymbol[]>();
  for (const symbol of candidates)
    if (query.testNameIdentifiers.has(symbol.name) && symbol.name.length >= MIN_LENGTH)
      namesakes.set(symbol.name, [...(namesakes.get(symbol.name) ?? []), symbol]);
  for (const [name, symbols] of namesakes) {
    if (symbols.length > MAX_NAMESAKES || symbols.some((s) => query.calledByTests.has(s.id))) continue;
    for (const symbol of symbols)
      addHit(exact, symbol.id, TEST_NAMED, `a failing test's name spells ${name}`);
  }
}

function topMatches(candidates: readonly CodeSymbol[], scores: number[], what: string): SignalScores {
  const out: SignalScores = new Map();
  const best = Math.max(0, ...scores);
  if (best <= 0) return out;
  const ranked = scores
    .map((score, i) => ({ score, symbol: candidates[i] }))
    .filter((x): x is { score: number; symbol: CodeSymbol } => x.score > 0 && x.symbol !== undefined)
    .sort((a, b) => b.score - a.score)
    .slice(0, BM25_KEEP);
  for (const { score, symbol } of ranked)
    addHit(out, symbol.id, score / best, `${(score / best).toFixed(2)} of the best match to the ${what}`);
  return out;
}
