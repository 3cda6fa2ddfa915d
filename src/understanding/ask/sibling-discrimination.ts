// Siblings of one file at the top of the ranking: what tells them apart is how specific to each of
// them the question's words it holds are. Recall's BM25 weighs a term by its rarity over the whole
// repository, so within one file (json5's character helpers, entities' decoders, cachetools' cache
// classes) the file's common vocabulary counts as much as the word only one sibling holds, and the
// sibling holding the most of the question's words comes first.
import type { CodeSymbol } from "../index/code-index.ts";
import type { RecalledSymbol } from "./recalled-symbol.ts";

export interface SiblingEvidence {
  /** The (stemmed) terms a ranked symbol's document holds. */
  termsOf: (r: RecalledSymbol) => ReadonlySet<string>;
  /** The term sets of every candidate of a file: what a term's rarity within the file is counted over. */
  fileTerms: (file: string) => readonly ReadonlySet<string>[];
  /** The question's distinct terms and their weight over the repository (BM25's idf). */
  terms: readonly string[];
  idf: (term: string) => number;
}

/** The evidence from recall's candidates and their (stemmed) documents, as BM25 scored them. */
export function siblingEvidence(
  candidates: readonly CodeSymbol[],
  documents: readonly (readonly string[])[],
  terms: readonly string[],
  idf: (term: string) => number,
): SiblingEvidence {
  // Read on demand: most questions have no two siblings among the first three.
  const indexOf = new Map(candidates.map((s, i) => [s, i]));
  const setOf = (i: number) => new Set(documents[i] ?? []);
  return {
    termsOf: (r) => setOf(indexOf.get(r.symbol) ?? -1),
    fileTerms: (file) => candidates.flatMap((s, i) => (s.file === file ? [setOf(i)] : [])),
    terms: [...new Set(terms)],
    idf,
  };
}

/**
 * Only the first three are re-ordered, so the top three stay the same symbols: holding fewer of the
 * question's words, a sibling from further down would push out one that holds more (session 52:
 * re-ordering the first ten cost 8 top-3 answers for 1 top-1).
 */
export const SIBLING_TOP = 3;

/**
 * Re-orders, within the slots they hold among the first SIBLING_TOP results, the symbols of one file
 * (of one tier: a type declaration stays after code): each by its score plus `weight` × the group's
 * best score × its specificity relative to the group's most specific. A symbol's specificity is the
 * idf-weighted mean, over the question terms it holds, of each term's idf within its file: 1-ish
 * when what it shares with the question is what few siblings hold, near 0 when every sibling holds
 * it too. A mean, not a sum: a sum rewards the sibling that holds the most terms, which BM25 already
 * does (session 52, s52-ask2: the sum traded as many questions as it won). Symbols of other files
 * keep their places, so only a sibling passes a sibling; a symbol takes the score of the slot it
 * moves to, so the scores shown stay in rank order.
 */
export function discriminateSiblings(
  ranked: RecalledSymbol[],
  evidence: SiblingEvidence,
  weight: number,
  tierOf: (r: RecalledSymbol) => number,
): void {
  if (weight <= 0) return;
  const groups = new Map<string, number[]>();
  ranked.slice(0, SIBLING_TOP).forEach((r, i) => {
    const key = `${tierOf(r)}\0${r.symbol.file}`;
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  for (const slots of groups.values()) {
    const members = slots.map((i) => ranked[i]).filter((r): r is RecalledSymbol => r !== undefined);
    if (members.length < 2) continue;
    const local = fileIdf(evidence.fileTerms(members[0]?.symbol.file ?? ""));
    const specificity = members.map((r) => {
      const held = evidence.terms.filter((t) => evidence.termsOf(r).has(t));
      const global = held.reduce((m, t) => m + evidence.idf(t), 0);
      return global > 0 ? held.reduce((m, t) => m + evidence.idf(t) * local(t), 0) / global : 0;
    });
    const most = Math.max(...specificity);
    if (most <= 0) continue;
    const groupBest = Math.max(...members.map((r) => r.score));
    const reordered = members
      .map((r, k) => ({ r, k, value: r.score + weight * groupBest * ((specificity[k] ?? 0) / most) }))
      .sort((a, b) => b.value - a.value || a.k - b.k);
    // Each takes its new slot's score too, so the scores shown stay in rank order.
    const slotScores = slots.map((i) => ranked[i]?.score ?? 0);
    reordered.forEach((a, j) => {
      const slot = slots[j];
      if (slot === undefined) return;
      const passed = reordered
        .slice(j + 1)
        .filter((b) => b.k < a.k)
        .map((b) => b.r.symbol.qualifiedName);
      if (passed.length > 0) {
        a.r.why.push(
          `ranked above ${passed.join(", ")} of its file: fewer of the file's symbols hold the question's words it holds`,
        );
      }
      a.r.score = slotScores[j] ?? a.r.score;
      ranked[slot] = a.r;
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
