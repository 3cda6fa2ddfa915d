// Siblings of one file that rank together: a question term that few of the file's symbols hold tells
// them apart, a term every one of them holds does not. Recall's BM25 weighs a term by its rarity over
// the whole repository, so within one file (cachetools' cache classes, semver's comparators) the
// file's common vocabulary counts as much as the word only one of them holds.
import type { RecalledSymbol } from "./recalled-symbol.ts";

export interface SiblingEvidence {
  /** The terms each candidate holds, by file (what the file-local rarity is counted over). */
  termsOf: (r: RecalledSymbol) => ReadonlySet<string>;
  /** Every candidate's term set in a file. */
  fileTerms: (file: string) => readonly ReadonlySet<string>[];
  /** The question's distinct terms and their repository-wide weight. */
  terms: readonly string[];
  idf: (term: string) => number;
}

/** How many of the first results are looked at for siblings of one file. */
export const SIBLING_TOP = Number(process.env["XIHE_SIB_K"] ?? 10);

/**
 * Re-orders, within the slots they hold among the first SIBLING_TOP results, the symbols of one file:
 * each by its score plus `weight` × the group's best score × its share of the group's best
 * file-local evidence (Σ idf(t) · idf_file(t) over the question terms it holds). Symbols of other
 * files keep their places, so only a sibling can pass a sibling.
 */
export function discriminateSiblings(
  ranked: RecalledSymbol[],
  evidence: SiblingEvidence,
  weight: number,
  tierOf: (r: RecalledSymbol) => number,
): void {
  if (weight <= 0) return;
  const top = ranked.slice(0, SIBLING_TOP);
  const groups = new Map<string, number[]>();
  top.forEach((r, i) => {
    const key = `${tierOf(r)}\0${r.symbol.file}`;
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  for (const slots of groups.values()) {
    if (slots.length < 2) continue;
    const members = slots.map((i) => ranked[i]).filter((r): r is RecalledSymbol => r !== undefined);
    const file = members[0]?.symbol.file ?? "";
    const local = fileIdf(evidence.fileTerms(file));
    const mass = members.map((r) => {
      const held = evidence.termsOf(r);
      const local_ = evidence.terms.reduce((m, t) => m + (held.has(t) ? evidence.idf(t) * local(t) : 0), 0);
      if (process.env["XIHE_SIB_MODE"] !== "prec") return local_;
      const global = evidence.terms.reduce((m, t) => m + (held.has(t) ? evidence.idf(t) : 0), 0);
      return global > 0 ? local_ / global : 0;
    });
    const most = Math.max(...mass);
    if (most <= 0) continue;
    const groupBest = Math.max(...members.map((r) => r.score));
    const adjusted = members.map((r, k) => ({
      r,
      k,
      value: r.score + weight * groupBest * ((mass[k] ?? 0) / most),
    }));
    adjusted.sort((a, b) => b.value - a.value || a.k - b.k);
    adjusted.forEach((a, j) => {
      const slot = slots[j];
      if (slot !== undefined) ranked[slot] = a.r;
    });
  }
}

/** BM25's idf of a term over one file's symbols: near 0 for a term all of them hold. */
function fileIdf(documents: readonly ReadonlySet<string>[]): (term: string) => number {
  const n = documents.length;
  return (term) => {
    const df = documents.filter((d) => d.has(term)).length;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  };
}
