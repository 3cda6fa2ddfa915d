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
  if (candidates.length === 0) return { bm25: new Map(), bm25Log: new Map(), exact };
  const index = createBm25Index(candidates.map((s) => symbolDocument(s, readLines(s.file))));
  return {
    bm25: topMatches(candidates, index.score(query.terms), "failure text"),
    bm25Log: topMatches(candidates, index.score(query.logTerms), "log text"),
    exact,
  };
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
