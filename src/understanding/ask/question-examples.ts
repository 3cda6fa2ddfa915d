// The examples a question gives of its input: "a word like snake_case_name", "a class inside another,
// like module.Outer.Inner", "a trailing underscore, like del_ or input_", "a short name such as
// 'footnote'". An example is data the code is asked to handle, not the name of the code that handles
// it: taken as a name, `Outer.Inner` finds a test's `Outer.Middle.Inner` and `del_` the tag class
// `del_`, above the code the question asks about.
import { identifiersIn } from "../index/split-identifiers.ts";

// "like X", "such as X", "e.g. X"; then "or Y", "and Y" or ", Y" name more examples of the same kind.
const CUE = /\b(?:like|such as|e\.g\.,?)\s+/gi;
const MORE = /^\s*(?:,\s*)?(?:or|and)?\s+/i;
// An article or a determiner after the cue starts a phrase in words ("such as a semver range"), not an
// example written out.
const PROSE_START = /^(?:a|an|the|this|that|these|those|some|any|one|two|its|their|my|your)$/i;
const MAX_EXAMPLES = 3;

/** The identifiers the question writes as examples of its input, as written. */
export function exampleIdentifiers(question: string): Set<string> {
  return new Set(questionExamples(question).flatMap((e) => [...identifiersIn(e)]));
}

/** The examples the question writes out, each as one token without the sentence's punctuation. */
export function questionExamples(question: string): string[] {
  const out: string[] = [];
  for (const cue of question.matchAll(CUE)) {
    let rest = question.slice((cue.index ?? 0) + cue[0].length);
    for (let n = 0; n < MAX_EXAMPLES; n++) {
      const token = /^\S+/.exec(rest)?.[0] ?? "";
      const bare = token.replace(/[.,;:?!)]+$/, "");
      if (bare === "" || PROSE_START.test(bare)) break;
      out.push(bare);
      if (bare !== token) break;
      rest = rest.slice(token.length);
      const more = MORE.exec(rest);
      if (!more || !/\b(?:or|and)\b/i.test(more[0])) break;
      rest = rest.slice(more[0].length);
    }
  }
  return out;
}
