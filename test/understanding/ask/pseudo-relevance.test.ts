// Pseudo-relevance feedback (pseudo-relevance.ts): the expansion is the words the first pass's best
// documents share, weighted by those documents' scores and the words' idf, never the question's own.
import { describe, expect, it } from "vitest";
import { createBm25Index } from "../../../src/understanding/localize/bm25.ts";
import { feedbackScores, feedbackTerms } from "../../../src/understanding/ask/pseudo-relevance.ts";

const docs = [
  ["parse", "range", "comparator", "semver"],
  ["range", "comparator", "intersect", "semver"],
  ["simplify", "comparator", "set"],
  ["clean", "trim", "version"],
  ["format", "version"],
];

describe("feedbackTerms", () => {
  const bm25 = createBm25Index(docs);
  const first = bm25.score(["range"]);

  it("takes the words two of the best documents share, not the question's", () => {
    const terms = feedbackTerms(docs, first, ["range"], bm25.idf, { documents: 3, terms: 5 });
    expect(terms.map((t) => t.term).sort()).toEqual(["comparator", "semver"]);
    expect(terms.reduce((s, t) => s + t.weight, 0)).toBeCloseTo(1, 9);
  });

  it("raises a document that has the expansion but not the question's word", () => {
    const terms = feedbackTerms(docs, first, ["range"], bm25.idf, { documents: 3, terms: 5 });
    const extra = feedbackScores((q) => bm25.score(q), docs.length, terms);
    expect(first[2]).toBe(0);
    expect(extra[2]).toBeGreaterThan(0);
    expect(extra[3]).toBe(0);
  });

  it("draws on eligible documents only", () => {
    const terms = feedbackTerms(docs, first, ["range"], bm25.idf, { documents: 3, terms: 5 }, (i) => i !== 1);
    expect(terms).toEqual([]);
  });
});
