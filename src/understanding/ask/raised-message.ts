// The code that raises an error is what "what happens when …" and a pasted error message ask for;
// callers that catch it often repeat the message in a comment (`except ValueError: pass  # value
// too large`) and match the question's words as well as the raise does.
import { splitIdentifiers } from "../index/split-identifiers.ts";
import { adjacentPairs, nameCoverage } from "./field-signals.ts";

const RAISING_LINE = /\b(raise|throw)\b/;
const STRING_LITERAL = /(["'`])((?:(?!\1).)+)\1/g;
// A raise spread over lines (`raise ValueError(\n  "message"\n)`) is read up to this many lines.
const MAX_STATEMENT_LINES = 6;

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
 * The words of the symbol's own raise and throw statements (the error's class, its message, what the
 * message is built from), each statement read until its brackets close: what the code refuses, in
 * its author's words, where the rest of a body is everything it touches.
 */
export function raisedWords(body: readonly string[]): string[] {
  const words: string[] = [];
  for (let i = 0; i < body.length; i++) {
    if (!RAISING_LINE.test(body[i] ?? "")) continue;
    let depth = 0;
    for (let j = i; j < Math.min(body.length, i + MAX_STATEMENT_LINES); j++) {
      const line = body[j] ?? "";
      words.push(...splitIdentifiers(line));
      depth += (line.match(/[([{]/g)?.length ?? 0) - (line.match(/[)\]}]/g)?.length ?? 0);
      if (depth <= 0) break;
    }
  }
  return words;
}

/**
 * How much of the question (its idf share, as `nameCoverage` weighs a name) the body's raise and
 * throw statements carry, and which of the question's terms they hold.
 */
export function raisedShare(
  body: readonly string[],
  terms: readonly string[],
  stemTerms: (terms: readonly string[]) => string[],
  idf: (term: string) => number,
): { share: number; matched: string[] } {
  const onRaise = new Set(stemTerms(raisedWords(body)));
  return {
    share: nameCoverage(terms, onRaise, idf),
    matched: [...new Set(terms)].filter((t) => onRaise.has(t)),
  };
}
