// A function too long to be "where" anything is done (a 1000-line parser, a 300-line request
// handler) is recalled as its window of lines that best matches the question, not as a whole: scored
// on the words of that window (its name and doc comment still count) and shown and cited as that
// window. Scored whole, such a function matches almost any question on words scattered over hundreds
// of lines and outranks the short function that answers it; cited whole, it points the reader at
// nothing in particular.
import type { CodeSymbol } from "../index/code-index.ts";
import { createBm25Index, type Bm25Index } from "../localize/bm25.ts";
import { matchingWindow } from "./matching-window.ts";

/** Longer than this, a symbol is read as its best window (bench/ask-corpus.ts' MAX_SPAN: no answer spans more). */
export const LARGE_SYMBOL_LINES = 150;
/** The window's size: what `xihe ask` shows of a symbol, so what is scored is what the reader sees. */
export const WINDOW_LINES = 12;

export interface LineRange {
  startLine: number;
  endLine: number;
}

/** The window of a large function or method for this question; null when it is read whole. */
export function largeSymbolWindow(
  symbol: CodeSymbol,
  lines: readonly string[] | null,
  question: string,
): LineRange | null {
  if (!lines || (symbol.kind !== "function" && symbol.kind !== "method")) return null;
  if (symbol.endLine - symbol.startLine + 1 <= LARGE_SYMBOL_LINES) return null;
  return matchingWindow(lines, symbol.startLine, symbol.endLine, question, WINDOW_LINES);
}

/**
 * BM25 over every candidate's whole document plus each large symbol's window as one more document
 * (`windowOf`: candidate index → its window's terms). The statistics (idf, average length) stay those
 * of the code as written, so no other symbol's score moves beyond a window's words counting once
 * more; a large symbol scores as its window; `best` is over every document, whole ones included, so
 * normalised scores keep their scale. (Indexing the windows instead of the whole documents shortened
 * the average length and moved every mid-sized function: bench/ask-corpus/RESULTS.md, session 43.)
 */
export function windowedBm25(
  whole: readonly (readonly string[])[],
  windowOf: ReadonlyMap<number, readonly string[]>,
): { idf: Bm25Index["idf"]; score(terms: readonly string[]): { scores: number[]; best: number } } {
  const windowed = [...windowOf.keys()];
  const at = new Map(windowed.map((i, k) => [i, whole.length + k]));
  const bm25 = createBm25Index([...whole, ...windowed.map((i) => windowOf.get(i) ?? [])]);
  return {
    idf: bm25.idf,
    score(terms) {
      const all = bm25.score(terms);
      return { scores: whole.map((_, i) => all[at.get(i) ?? i] ?? 0), best: Math.max(0, ...all) };
    },
  };
}
