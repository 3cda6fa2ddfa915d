// Evidence beyond a bag of words: how much of the question a symbol's *name* carries (a name is what
// its author says it does; a body mentions everything it touches), and which of the question's word
// pairs appear side by side in the symbol ("value too large" in a raised message, "recently used" in
// a doc comment) rather than scattered over a long body.

// A name part that abbreviates a question word by cutting it short (`inc` for "incrementing", `pre`
// for "prerelease") is evidence, but weaker than the word itself: `pre` may as well
// be "prefix".
const ABBREVIATION = 0.5;
const MIN_ABBREVIATION = 3;

/**
 * The share of the question's weight (idf) that the symbol's name carries, in [0, 1]: the terms
 * of a name that says what the question asks weigh more than the words a body merely mentions. A
 * name part that cuts a question word short counts half.
 */
export function nameCoverage(
  questionTerms: readonly string[],
  nameTerms: ReadonlySet<string>,
  idf: (term: string) => number,
): number {
  let total = 0;
  let named = 0;
  for (const term of new Set(questionTerms)) {
    const w = idf(term);
    total += w;
    if (nameTerms.has(term)) named += w;
    else if (abbreviates(nameTerms, term)) named += ABBREVIATION * w;
  }
  return total > 0 ? named / total : 0;
}

/**
 * Whether a symbol's own words (`documentTerms`) share at least two distinct terms with the question
 * (its one term, when the question has only one). A name that shares one of the question's words
 * when nothing else of the symbol does is a coincidence more often than what the code does
 * (`makeSafeRegex` for "how do I make semver print debugging output", `replaceUnsafeChar` for "which
 * link URLs are refused as unsafe"), so such a symbol gets no credit for its name (recall.ts); its
 * BM25 score still counts. A one-word question ("where is tokenize?") has nothing else to share.
 */
export function sharesSeveralTerms(
  questionTerms: readonly string[],
  documentTerms: readonly string[],
): boolean {
  const wanted = new Set(questionTerms);
  const needed = Math.min(2, wanted.size);
  if (needed === 0) return false;
  const found = new Set<string>();
  for (const term of documentTerms)
    if (wanted.has(term)) {
      found.add(term);
      if (found.size >= needed) return true;
    }
  return false;
}

/**
 * The question's adjacent word pairs (after stop words are dropped) that occur as adjacent terms in
 * the symbol's own words: its doc comment and body, in order. Pairs of one repeated word are not
 * evidence of anything.
 */
export function adjacentPairs(questionTerms: readonly string[], symbolTerms: readonly string[]): string[][] {
  const wanted = new Set<string>();
  for (let i = 0; i + 1 < questionTerms.length; i++) {
    const [a, b] = [questionTerms[i], questionTerms[i + 1]];
    if (a !== undefined && b !== undefined && a !== b) wanted.add(`${a} ${b}`);
  }
  const found = new Set<string>();
  for (let i = 0; i + 1 < symbolTerms.length; i++) {
    const pair = `${symbolTerms[i]} ${symbolTerms[i + 1]}`;
    if (wanted.has(pair)) found.add(pair);
  }
  return [...found].map((p) => p.split(" "));
}

function abbreviates(nameTerms: ReadonlySet<string>, term: string): boolean {
  for (const part of nameTerms)
    if (part.length >= MIN_ABBREVIATION && term.length > part.length && term.startsWith(part)) return true;
  return false;
}
