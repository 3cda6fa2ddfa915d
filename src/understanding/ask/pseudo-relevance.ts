// Pseudo-relevance feedback (RM3-style) for recall's BM25: the question's words are a newcomer's, the
// answer's are the code's, and the code that matches the question best on its words shares the
// repository's vocabulary for the thing asked about. The most distinctive words the first pass's top
// documents have in common become extra query terms, at a discount, so a function that says the
// same thing in the code's words (and only some of the question's) can rise to its neighbours.
import type { Bm25Index } from "../localize/bm25.ts";

export interface FeedbackOptions {
  /** How many of the first pass's best documents the expansion is drawn from. */
  documents: number;
  /** How many expansion terms. */
  terms: number;
}

export interface FeedbackTerm {
  term: string;
  /** Its share of the expansion (the weights sum to 1). */
  weight: number;
}

/**
 * The expansion terms: each term of the top documents weighs Σ_d P(t|d)·s(d) (RM1: its frequency in
 * each document, by that document's normalised first-pass score), times its idf so that the words
 * every symbol has (`self`, `return`, the repository's name) do not make the expansion. A term in only
 * one of the top documents is left out: it is that document's own word, and would only raise it
 * further; a term two of them share is what the repository calls the thing asked about. Terms of the
 * question itself are left out (they are scored already).
 */
export function feedbackTerms(
  documents: readonly (readonly string[])[],
  scores: readonly number[],
  query: readonly string[],
  idf: Bm25Index["idf"],
  options: FeedbackOptions,
  eligible: (i: number) => boolean = () => true,
): FeedbackTerm[] {
  const top = scores
    .map((s, i) => ({ s, i }))
    .filter((x) => x.s > 0 && eligible(x.i))
    .sort((a, b) => b.s - a.s)
    .slice(0, options.documents);
  const best = top[0]?.s ?? 0;
  if (best <= 0) return [];
  const asked = new Set(query);
  const mass = new Map<string, number>();
  const holders = new Map<string, number>();
  for (const { s, i } of top) {
    const doc = documents[i] ?? [];
    if (doc.length === 0) continue;
    const tf = new Map<string, number>();
    for (const t of doc) if (!asked.has(t)) tf.set(t, (tf.get(t) ?? 0) + 1);
    for (const [t, f] of tf) {
      mass.set(t, (mass.get(t) ?? 0) + (f / doc.length) * (s / best));
      holders.set(t, (holders.get(t) ?? 0) + 1);
    }
  }
  const ranked = [...mass]
    .filter(([t]) => (holders.get(t) ?? 0) >= 2 && idf(t) > 0)
    .map(([term, m]) => ({ term, weight: m * idf(term) }))
    .sort((a, b) => b.weight - a.weight || a.term.localeCompare(b.term))
    .slice(0, options.terms);
  const total = ranked.reduce((sum, t) => sum + t.weight, 0);
  return total > 0 ? ranked.map((t) => ({ term: t.term, weight: t.weight / total })) : [];
}

/** Each document's BM25 score on the expansion terms, each term's part weighted by its share. */
export function feedbackScores(
  score: (terms: readonly string[]) => readonly number[],
  count: number,
  expansion: readonly FeedbackTerm[],
): number[] {
  const out = new Array<number>(count).fill(0);
  for (const { term, weight } of expansion) {
    const part = score([term]);
    for (let i = 0; i < count; i++) out[i] = (out[i] ?? 0) + weight * (part[i] ?? 0);
  }
  return out;
}
