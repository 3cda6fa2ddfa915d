// Facts localize reads from the code alone, not from the failure: swapped-looking calls
// (swapped-call-sites.ts) and names registered for dispatch (registered-names.ts). The fix loop
// localizes the same index every round, and each fact reads lines all over the project: one index's
// are worked out once.
import type { CodeIndex } from "../index/code-index.ts";
import type { ReadLines } from "../index/symbol-documents.ts";
import type { SymbolLookup } from "../index/symbol-lookup.ts";
import { registeredNames, type RegisteredNames } from "./registered-names.ts";
import { swappedCallSites, type SwappedCallSite } from "./swapped-call-sites.ts";

export type CodeFact<T> = (index: CodeIndex, lookup: SymbolLookup, readLines: ReadLines) => T;

export interface CodeFacts {
  swappedCalls: CodeFact<SwappedCallSite[]>;
  registeredNames: CodeFact<RegisteredNames>;
}

/** Each fact worked out on every call: one localize of one index. */
export const CODE_FACTS: CodeFacts = { swappedCalls: swappedCallSites, registeredNames };

/** Each fact remembered per index (see memoPerIndex): for a caller that localizes one index often. */
export function createCodeFacts(): CodeFacts {
  return { swappedCalls: memoPerIndex(swappedCallSites), registeredNames: memoPerIndex(registeredNames) };
}

/**
 * `compute`, remembered per index object (a rebuilt index is another object) and the reader its lines
 * came from: the same index read through another reader may see other text.
 */
export function memoPerIndex<T>(compute: CodeFact<T>): CodeFact<T> {
  const found = new WeakMap<CodeIndex, { readLines: ReadLines; value: T }>();
  return (index, lookup, readLines) => {
    const known = found.get(index);
    if (known && known.readLines === readLines) return known.value;
    const value = compute(index, lookup, readLines);
    found.set(index, { readLines, value });
    return value;
  };
}
