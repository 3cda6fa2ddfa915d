// One result of ask's recall, in its own file because recall.ts and the rankers it calls
// (delegating-wrappers.ts) both build and change them.
import type { CodeSymbol } from "../index/code-index.ts";

export interface RecalledSymbol {
  symbol: CodeSymbol;
  score: number;
  /** Why it was recalled, in words: the names and question words it matches. */
  why: string[];
  /** The lines scored and shown when the symbol is too long to be read whole (large-symbol-window.ts). */
  window?: { startLine: number; endLine: number };
}

/** Where a recalled symbol points the reader: its window when it has one, else the whole symbol. */
export function recalledLines(r: Pick<RecalledSymbol, "symbol" | "window">): {
  file: string;
  startLine: number;
  endLine: number;
} {
  const { startLine, endLine } = r.window ?? r.symbol;
  return { file: r.symbol.file, startLine, endLine };
}

/**
 * Raises `symbol` to `score`, saying why, or recalls it at that score if it was not recalled; one
 * that already scores as much is left alone. `byId` indexes `out` and is kept in step with it.
 */
export function raiseRecalled(
  out: RecalledSymbol[],
  byId: Map<string, RecalledSymbol>,
  symbol: CodeSymbol,
  score: number,
  why: string,
): void {
  const have = byId.get(symbol.id);
  if (have && have.score >= score) return;
  if (have) {
    have.score = score;
    have.why.push(why);
    return;
  }
  const added = { symbol, score, why: [why] };
  out.push(added);
  byId.set(symbol.id, added);
}
