// A name that shares one word with the question, when nothing else of the symbol does, earns no
// credit for the name (field-signals.ts sharesSeveralTerms): "how do I make …" is no question about
// `makeSafeRegex`. On a small fixture with a real tree-sitter parse.
import { describe, expect, it } from "vitest";
import { recall } from "../../../src/understanding/ask/recall.ts";
import { sharesSeveralTerms } from "../../../src/understanding/ask/field-signals.ts";
import { lines } from "../make-repo.ts";
import { names, useIndexedRepo } from "./indexed-repo.ts";

const indexOf = useIndexedRepo();

describe("ask recall: a name sharing one word with the question", () => {
  it("counts distinct shared terms, not repeats", () => {
    expect(sharesSeveralTerms(["make", "debug"], ["make", "safe", "make", "regex"])).toBe(false);
    expect(sharesSeveralTerms(["make", "debug"], ["debug", "node", "make"])).toBe(true);
    expect(sharesSeveralTerms([], ["debug"])).toBe(false);
    // A one-word question has only that word to share: its name still counts.
    expect(sharesSeveralTerms(["tokenize", "tokenize"], ["tokenize", "input"])).toBe(true);
    expect(sharesSeveralTerms(["tokenize"], ["parse", "input"])).toBe(false);
  });

  it("ranks the code that does what the question asks above a name that shares its one word", async () => {
    const { index, readLines } = await indexOf({
      "internal/re.js": lines(
        "const makeSafeRegex = (value) => {",
        "  return value.split('+').join('{0,256}')",
        "}",
        "module.exports = { makeSafeRegex }",
      ),
      "internal/debug.js": lines(
        "const debug = (",
        "  typeof process === 'object' && process.env.NODE_DEBUG && /\\bsemver\\b/i.test(process.env.NODE_DEBUG)",
        ") ? (...args) => console.error('SEMVER', ...args) : () => {}",
        "module.exports = debug",
      ),
      "classes/range.js": lines(
        "class Range {",
        "  parse (range) {",
        "    debug('range', range)",
        "    return range.trim()",
        "  }",
        "}",
      ),
    });
    // `debug` is a constant holding a function, damped as data; `makeSafeRegex` matches "make" alone.
    const question = "how do I make semver print debugging output with the NODE_DEBUG environment variable?";
    const ranked = recall(index, readLines, question);
    expect(names(ranked).slice(0, 2)).toEqual(["debug", "makeSafeRegex"]);
  });
});
