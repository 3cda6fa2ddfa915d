// Okapi BM25 over pre-tokenised documents. Built once per index, scored per query; plain data in,
// plain scores out, so recall and localization share it.
export interface Bm25Options {
  k1: number;
  b: number;
}

export interface Bm25Index {
  /** One score per document, in document order; 0 when no query term occurs. */
  score(query: readonly string[]): number[];
  /** Inverse document frequency of a term (0 for unknown terms). */
  idf(term: string): number;
}

const defaults: Bm25Options = { k1: 1.2, b: 0.75 };

export function createBm25Index(
  docs: readonly (readonly string[])[],
  options: Bm25Options = defaults,
): Bm25Index {
  const docFreq = new Map<string, number>();
  const termFreqs = docs.map((doc) => {
    const tf = new Map<string, number>();
    for (const term of doc) tf.set(term, (tf.get(term) ?? 0) + 1);
    for (const term of tf.keys()) docFreq.set(term, (docFreq.get(term) ?? 0) + 1);
    return tf;
  });
  const count = docs.length;
  const avgLength = docs.reduce((sum, d) => sum + d.length, 0) / Math.max(1, count) || 1;
  const idf = (term: string): number => {
    const n = docFreq.get(term);
    if (!n) return 0;
    return Math.log(1 + (count - n + 0.5) / (n + 0.5));
  };
  return {
    idf,
    score(query) {
      // Each distinct query term counts once: a log repeating a word 50 times is not 50 times the evidence.
      const terms = [...new Set(query)].map((t) => ({ t, w: idf(t) })).filter((x) => x.w > 0);
      return termFreqs.map((tf, i) => {
        const norm = options.k1 * (1 - options.b + (options.b * (docs[i]?.length ?? 0)) / avgLength);
        let s = 0;
        for (const { t, w } of terms) {
          const f = tf.get(t);
          if (f) s += (w * f * (options.k1 + 1)) / (f + norm);
        }
        return s;
      });
    },
  };
}
