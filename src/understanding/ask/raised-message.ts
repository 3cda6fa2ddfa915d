// The code that raises an error is what "what happens when …" and a pasted error message ask for;
// callers that catch it often repeat the message in a comment (`except ValueError: pass  # value
// too large`) and match the question's words as well as the raise does. A question about how a message
// is worded is answered where the message is written, raised or not (`__str__`, a `toJSON` formatting a
// change): for it the symbol's prose literals count too (messageWords).
import { splitIdentifiers } from "../index/split-identifiers.ts";
import { adjacentPairs, nameCoverage } from "./field-signals.ts";

const RAISING_LINE = /\b(raise|throw)\b/;
const STRING_LITERAL = /(["'`])((?:(?!\1).)+)\1/g;

/**
 * The question's adjacent word pairs (stemmed, in order) that a string literal on one of the
 * symbol's raising or throwing lines carries, as the message words ("value too large").
 */
export function raisedPairs(
  body: readonly string[],
  orderedTerms: readonly string[],
  stemTerms: (terms: readonly string[]) => string[],
): string[][] {
  const found = new Map<string, string[]>();
  for (const line of body) {
    if (!RAISING_LINE.test(line)) continue;
    for (const m of line.matchAll(STRING_LITERAL))
      for (const pair of adjacentPairs(orderedTerms, stemTerms(splitIdentifiers(m[2] ?? ""))))
        found.set(pair.join(" "), pair);
  }
  return [...found.values()];
}

/**
 * The words of the symbol's own raise and throw lines (the error's class, the message written on
 * that line): what the code refuses, in its author's words, where the rest of a body is everything
 * it touches. A message wrapped onto the next lines was tried and not kept (bench/ask-corpus/
 * RESULTS.md, session 47): it brought in more of the message's incidental words than it found.
 */
export function raisedWords(body: readonly string[]): string[] {
  return body.filter((line) => RAISING_LINE.test(line)).flatMap((line) => splitIdentifiers(line));
}

// A literal written for a person to read: two words or more with a space between them.
const PROSE = /[A-Za-z]{2,}\s+[A-Za-z]{2,}/;
const DOCSTRING = /^\s*[rRuUbB]?("""|''')/;

/** The words of the symbol's prose string literals: the messages it builds, wherever it builds them. */
export function messageWords(body: readonly string[]): string[] {
  // A docstring is prose written for the reader of the code, not a message the code writes.
  return body
    .filter((line) => !DOCSTRING.test(line))
    .flatMap((line) =>
      [...line.matchAll(STRING_LITERAL)]
        .map((m) => m[2] ?? "")
        .filter((text) => PROSE.test(text))
        .flatMap((text) => splitIdentifiers(text)),
    );
}

/**
 * How much of the question (its idf share, as `nameCoverage` weighs a name) the body's raise and
 * throw lines carry, and which of the question's terms they hold.
 */
export function raisedShare(
  body: readonly string[],
  terms: readonly string[],
  stemTerms: (terms: readonly string[]) => string[],
  idf: (term: string) => number,
  /** Also the words of its prose literals (a question about how a message is worded). */
  withMessages = false,
): { share: number; matched: string[] } {
  const words = withMessages ? [...raisedWords(body), ...messageWords(body)] : raisedWords(body);
  const onRaise = new Set(stemTerms(words));
  return {
    share: nameCoverage(terms, onRaise, idf),
    matched: [...new Set(terms)].filter((t) => onRaise.has(t)),
  };
}
