// Where a fault is unlikely: examples, docs, benchmarks, fuzzers and scripts run code but are rarely what a
// failing test exercises. Their suspects are halved, not dropped (a broken example can fail CI).
// Which files those are: index/peripheral-files.ts (by name, unless the library imports them).
import type { SymbolLookup } from "../index/symbol-lookup.ts";

/** The prior of a file of an indexed repository: peripheral code the library does not import is halved. */
export function filePrior(lookup: Pick<SymbolLookup, "isPeripheral">, file: string): number {
  return lookup.isPeripheral(file) ? 0.5 : 1;
}
