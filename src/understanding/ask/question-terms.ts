// The lexical terms of a question and of the code it is matched against, brought to one form: a
// question says "coerced", "compared", "locked" where the code says `coerce`, `compareMain`,
// `_locked`, and it spells out what code abbreviates ("least recently used" for `LRUCache`).
import { stemmer } from "stemmer";
import { identifiersIn, splitIdentifier, splitIdentifiers } from "../index/split-identifiers.ts";

const MAX_ACRONYM_WORDS = 4;

// The grammar of a question, not its subject: "how does X get converted", "what happens when",
// "which item does". Code's stop words (split-identifiers.ts) are keywords; these are the words every
// question has, so they say nothing about which code answers it. Kept out of the question's terms
// and of the plain words that may name a symbol (`get`, `use`, `that`).
const QUESTION_WORDS = new Set(
  (
    "how what where which when why who whose whom does did done do get gets got getting happen happens " +
    "happened happening there that these those than then so such some any can could should would may " +
    "might must being been also just about like"
  ).split(" "),
);

// "for example" and "for instance" introduce a case of what is asked: the words are the question's
// grammar, and "example" would match every docstring that gives one.
const INTRODUCES_A_CASE = /\bfor (example|instance)\b/gi;

/** The question's lexical terms, in order, without the words every question has. */
export function questionTerms(question: string): string[] {
  return splitIdentifiers(question.replace(INTRODUCES_A_CASE, " ")).filter((t) => !QUESTION_WORDS.has(t));
}

/** The identifiers the question writes (identifiersIn), without the words every question has. */
export function questionIdentifiers(question: string): Set<string> {
  return new Set([...identifiersIn(question)].filter((w) => !QUESTION_WORDS.has(w.toLowerCase())));
}

/**
 * A stemmer for one recall: the same identifier parts recur thousands of times across a repository's
 * symbol documents, so each distinct term is stemmed once. Porter reads a final s as a plural:
 * `alias` becomes alia while "aliases" becomes alias, `status` statu while "statuses" stays status,
 * and `embed` emb while "embedding" stays embed. When what it leaves is itself one of `words` (the
 * code's and the question's terms), the two are forms of one word, so stemming goes on from there.
 */
export function createStemTerms(
  words: ReadonlySet<string> = new Set(),
): (terms: readonly string[]) => string[] {
  const stems = new Map<string, string>();
  const stem = (term: string) => {
    let out = stems.get(term);
    if (out === undefined) {
      out = stemmer(term);
      for (let next = stemmer(out); words.has(out) && next !== out; next = stemmer(out)) out = next;
      stems.set(term, out);
    }
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
      // A spelled-out name neither starts nor ends with a stop word ("large to" is not `lt`).
      const [first, last] = [words[i] ?? "", words[i + n - 1] ?? ""];
      if (splitIdentifier(first).length === 0 || splitIdentifier(last).length === 0) continue;
      const initials = words
        .slice(i, i + n)
        .map((w) => w[0])
        .join("");
      if (vocabulary.has(initials)) found.add(initials);
    }
  return [...found];
}

// Words a newcomer uses for what code names otherwise: generic programming vocabulary only (no
// project's domain), each group one meaning. A question word in a group brings the group's other
// members.
const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ["min", "minimum", "lowest", "smallest"],
  ["max", "maximum", "highest", "largest", "greatest", "biggest"],
  ["compare", "cmp", "comparison"],
  ["remove", "delete", "del", "discard"],
  ["length", "len", "size"],
  ["string", "str", "text"],
  ["number", "num", "int", "integer"],
  ["argument", "arg", "args", "param", "parameter"],
  ["initialize", "init", "initialise"],
  ["configuration", "config", "cfg", "settings", "options", "opts"],
  ["directory", "dir", "folder"],
  ["error", "err", "exception"],
  ["message", "msg"],
  ["previous", "prev"],
  ["current", "cur", "curr"],
  ["source", "src"],
  ["destination", "dest", "dst", "target"],
  ["temporary", "tmp", "temp"],
  ["character", "char", "chr"],
  ["buffer", "buf"],
  ["request", "req"],
  ["response", "res", "resp"],
  ["join", "concat", "combine"],
  ["parse", "parser", "parsing"],
  ["escape", "encode"],
  ["unescape", "decode"],
  ["check", "validate", "verify"],
  ["overlap", "overlaps", "intersect", "intersects", "intersection"],
  ["strip", "stripped", "strips", "trim", "trimmed"],
];

const synonyms = new Map<string, readonly string[]>();
for (const group of SYNONYM_GROUPS)
  for (const word of group)
    synonyms.set(
      word,
      group.filter((w) => w !== word),
    );

/** The other words of the question words' synonym groups, each once, in question order. */
export function synonymsOf(words: readonly string[]): string[] {
  const out = new Set<string>();
  for (const word of words) for (const other of synonyms.get(word) ?? []) out.add(other);
  for (const word of words) out.delete(word);
  return [...out];
}
