// One result of ask's recall, in its own file because recall.ts and the rankers it calls
// (delegating-wrappers.ts) both build and change them.
import type { CodeSymbol } from "../index/code-index.ts";

export interface RecalledSymbol {
  symbol: CodeSymbol;
  score: number;
  /** Why it was recalled, in words: the names and question words it matches. */
  why: string[];
}
