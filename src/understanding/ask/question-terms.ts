// The lexical terms of a question and of the code it is matched against, brought to one form: a
// question says "coerced", "compared", "locked" where the code says `coerce`, `compareMain`,
// `_locked`, and it spells out what code abbreviates ("least recently used" for `LRUCache`).
import { stemmer } from "stemmer";

const MAX_ACRONYM_WORDS = 4;

/**
 * A stemmer for one recall: the same identifier parts recur thousands of times across a repository's
 * symbol documents, so each distinct term is stemmed once.
 */
export function createStemTerms(): (terms: readonly string[]) => string[] {
  const stems = new Map<string, string>();
  const stem = (term: string) => {
    let out = stems.get(term);
    if (out === undefined) stems.set(term, (out = stemmer(term)));
    return out;
  };
  return (terms) => terms.map(stem);
}

/**
 * The abbreviations the question spells out: initials of 2–4 consecutive words ("time to live" →
 * `ttl`) that are terms of the code. Stop words count here: they are part of the spelled-out name.
 */
export function acronymsIn(question: string, vocabulary: ReadonlySet<string>): string[] {
  const words = question.toLowerCase().match(/[a-z]+/g) ?? [];
  const found = new Set<string>();
  for (let n = 2; n <= MAX_ACRONYM_WORDS; n++)
    for (let i = 0; i + n <= words.length; i++) {
      const initials = words
        .slice(i, i + n)
        .map((w) => w[0])
        .join("");
      if (vocabulary.has(initials)) found.add(initials);
    }
  return [...found];
}
