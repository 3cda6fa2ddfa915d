// The code that raises an error is what "what happens when …" and a pasted error message ask for;
// callers that catch it often repeat the message in a comment (`except ValueError: pass  # value
// too large`) and match the question's words as well as the raise does.
import { splitIdentifiers } from "../index/split-identifiers.ts";
import { adjacentPairs } from "./field-signals.ts";

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
