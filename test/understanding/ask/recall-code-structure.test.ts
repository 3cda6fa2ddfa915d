// Ranking mechanisms that read the code's structure and the question's grammar, each on a small
// fixture (a real tree-sitter parse) that the ranking without it gets wrong: code nested at any depth
// inside a function is scored as that function, a tiny wrapper's implementation ranks above the
// wrapper, constants are data, a question's grammar words are not its subject, and a name part that
// cuts a question word short is (weaker) name evidence.
import { describe, expect, it } from "vitest";
import { recall } from "../../../src/understanding/ask/recall.ts";
import { nameCoverage } from "../../../src/understanding/ask/field-signals.ts";
import { questionIdentifiers, questionTerms } from "../../../src/understanding/ask/question-terms.ts";
import { lines } from "../make-repo.ts";
import { names, useIndexedRepo } from "./indexed-repo.ts";

const indexOf = useIndexedRepo();

// Some fixtures' functions are shorter than any answer in a real repository; recall-short-symbols.test.ts
// covers how short symbols count, so `shortLines` is off in the tests that use `fullWords`, which read
// only their own rule.
const fullWords = { shortLines: 0 };

describe("ask recall: the code's structure and the question's grammar", () => {
  it("scores a class defined inside a function, and its methods, as part of that function", async () => {
    const { index, readLines } = await indexOf({
      "cached.py": lines(
        "def locked(func, cache, lock):",
        "    class Wrapper:",
        "        def __call__(self, *args):",
        "            with lock:",
        "                return cache.get(args) or func(*args)",
        "    return Wrapper()",
        "",
        "def unlocked(func, cache):",
        "    class Wrapper:",
        "        def __call__(self, *args):",
        "            return cache.get(args) or func(*args)",
        "    return Wrapper()",
      ),
    });
    const ranked = names(recall(index, readLines, "how does the cache use a lock so calls are safe?"));
    expect(ranked[0]).toBe("locked");
    expect(ranked.filter((n) => n.includes("Wrapper"))).toEqual([]);
  });

  it("ranks the implementation a tiny wrapper delegates to just above the wrapper", async () => {
    const { index, readLines } = await indexOf({
      "range.js": lines(
        "const replaceCarets = (comp, options) => {",
        "  return comp.trim().split(/\\s+/).map((c) => replaceCaret(c, options)).join(' ')",
        "}",
        "",
        "const replaceCaret = (comp, options) => {",
        "  debug('caret', comp, options)",
        "  const pattern = options.loose ? CARETLOOSE : CARET",
        "  const zero = options.includePrerelease ? '-0' : ''",
        "  return comp.replace(pattern, (whole, major, minor, patch, prerelease) => {",
        "    if (isWildcard(major)) return ''",
        "    if (isWildcard(minor)) return `>=${major}.0.0${zero} <${+major + 1}.0.0-0`",
        "    if (major === '0') return `>=${major}.${minor}.${patch} <${major}.${+minor + 1}.0-0`",
        "    debug('caret result', prerelease)",
        "    return `>=${major}.${minor}.${patch} <${+major + 1}.0.0-0`",
        "  })",
        "}",
        "module.exports = { replaceCarets }",
      ),
    });
    const ranked = recall(index, readLines, "how does a caret range treat versions below 1.0.0?", {
      weights: fullWords,
    });
    expect(names(ranked).slice(0, 2)).toEqual(["replaceCaret", "replaceCarets"]);
    expect(ranked[0]?.why.join("; ")).toContain(
      "replaceCarets (range.js:1) is a short wrapper that delegates to it",
    );
  });

  it("ranks a table of names below the function that computes one of them", async () => {
    const { index, readLines } = await indexOf({
      "constants.js": lines(
        "const RELEASE_TYPES = ['major', 'premajor', 'minor', 'preminor', 'patch', 'prepatch']",
        "module.exports = { RELEASE_TYPES }",
      ),
      "diff.js": lines(
        "// which of major, minor or patch differs between two versions",
        "const diff = (one, two) => {",
        "  if (one.major !== two.major) return 'major'",
        "  if (one.minor !== two.minor) return 'minor'",
        "  if (one.patch !== two.patch) return 'patch'",
        "  return null",
        "}",
        "module.exports = diff",
      ),
    });
    const question = "how is the release type between two versions determined, major minor or patch?";
    expect(names(recall(index, readLines, question))[0]).toBe("diff");
  });

  it("leaves a question's grammar words out of its terms and out of the names it may mean", async () => {
    expect(questionTerms("how do hyphen ranges get converted, and where does that happen?")).toEqual([
      "hyphen",
      "ranges",
      "converted",
    ]);
    expect([...questionIdentifiers("how do hyphen ranges get converted?")]).toEqual([
      "hyphen",
      "ranges",
      "converted",
    ]);
    const { index, readLines } = await indexOf({
      "cache.js": lines(
        "class Cache {",
        "  get(key) {",
        "    return this.map.get(key)",
        "  }",
        "}",
        "module.exports = Cache",
      ),
      "range.js": lines(
        "function hyphenReplace(input) {",
        "  return input.replace(HYPHENRANGE, (all, from, to) => `>=${from} <=${to}`)",
        "}",
        "function parseRange(range) {",
        "  range = range.trim().replace(HYPHENRANGE, hyphenReplace)",
        "  return range.split(' ').map(parseComparator)",
        "}",
        "module.exports = { parseRange }",
      ),
    });
    expect(
      names(recall(index, readLines, "how do hyphen ranges get converted?", { weights: fullWords }))[0],
    ).toBe("hyphenReplace");
  });

  // The recall-level effect is a close race (on tune: `SemVer.inc` against `isPrereleaseIdentifier`),
  // so the mechanism is pinned on the share itself.
  it("counts a name part that cuts a question word short as half of that word", () => {
    const idf = (t: string) => ({ increment: 2, version: 1, prerelease: 1 })[t] ?? 0;
    expect(nameCoverage(["increment", "version"], new Set(["inc"]), idf)).toBeCloseTo(1 / 3);
    expect(nameCoverage(["prerelease", "version"], new Set(["compar", "pre"]), idf)).toBeCloseTo(1 / 4);
    // Two letters abbreviate nothing with confidence; a whole word is the word itself.
    expect(nameCoverage(["increment", "version"], new Set(["in"]), idf)).toBe(0);
    expect(nameCoverage(["increment", "version"], new Set(["increment"]), idf)).toBeCloseTo(2 / 3);
  });
});
