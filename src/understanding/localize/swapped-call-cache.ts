// Swapped-looking calls (swapped-call-sites.ts) depend on the code alone, not on the failure: one
// index's are found once. The fix loop localizes the same index every round, and finding them reads
// every call's arguments in the project.
import type { CodeIndex } from "../index/code-index.ts";
import type { ReadLines } from "../index/symbol-documents.ts";
import type { SymbolLookup } from "../index/symbol-lookup.ts";
import { swappedCallSites, type SwappedCallSite } from "./swapped-call-sites.ts";

export type FindSwappedCalls = (
  index: CodeIndex,
  lookup: SymbolLookup,
  readLines: ReadLines,
) => SwappedCallSite[];

/**
 * swappedCallSites, remembered per index object (a rebuilt index is another object) and the reader
 * its lines came from: the same index read through another reader may see other text.
 */
export function createSwappedCallCache(): FindSwappedCalls {
  const found = new WeakMap<CodeIndex, { readLines: ReadLines; sites: SwappedCallSite[] }>();
  return (index, lookup, readLines) => {
    const known = found.get(index);
    if (known && known.readLines === readLines) return known.sites;
    const sites = swappedCallSites(index, lookup, readLines);
    found.set(index, { readLines, sites });
    return sites;
  };
}
