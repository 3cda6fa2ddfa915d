// The ranking mechanisms beyond a bag of words, each on a small fixture the plain BM25 ranking gets
// wrong: a name that carries the question, word pairs side by side, a closure scored as part of its
// function, example and benchmark code below the library, generic synonyms, and spelled-out names
// that do not start or end with a stop word.
import { describe, expect, it } from "vitest";
import { recall } from "../../../src/understanding/ask/recall.ts";
import { adjacentPairs, nameCoverage } from "../../../src/understanding/ask/field-signals.ts";
import { acronymsIn, synonymsOf } from "../../../src/understanding/ask/question-terms.ts";
import { lines } from "../make-repo.ts";
import { names, useIndexedRepo } from "./indexed-repo.ts";

const indexOf = useIndexedRepo();
// The fixture's functions are shorter than any answer in a real repository; recall-short-symbols.test.ts
// covers how short symbols count, so `shortLines` is off here and the test reads only its own rule.

describe("ask recall: evidence beyond a bag of words", () => {
  it("weighs the question's terms by where they are: the name carries the rare ones", () => {
    const idf = (t: string) => ({ languages: 3, sorted: 1, quality: 1 })[t] ?? 0;
    expect(nameCoverage(["languages", "sorted", "quality"], new Set(["languages"]), idf)).toBeCloseTo(0.6);
    expect(nameCoverage(["languages", "sorted"], new Set(["encodings"]), idf)).toBe(0);
  });

  it("ranks the function named for the question above one whose body mentions more of its words", async () => {
    const { index, readLines } = await indexOf({
      "lib/language.js": lines(
        "function preferredLanguages(accept) {",
        "  return accept.split(',').sort(compareQuality);",
        "}",
        "module.exports = preferredLanguages;",
      ),
      "lib/charset.js": lines(
        "function preferredCharsets(accept) {",
        "  return accept.split(',').map(parseCharset);",
        "}",
        "module.exports = preferredCharsets;",
      ),
      "lib/media.js": lines(
        "function preferredMediaTypes(accept) {",
        "  return accept.split(',').map(parseMediaType);",
        "}",
        "module.exports = preferredMediaTypes;",
      ),
      "lib/encoding.js": lines(
        "function preferredEncodings(accept) {",
        "  // accepted encodings sorted by quality, then specificity",
        "  const sorted = accept.split(',').sort(compareQuality);",
        "  return sorted.filter((e) => e.quality > 0 && e.specificity >= 0);",
        "}",
        "module.exports = preferredEncodings;",
      ),
    });
    const ranked = recall(index, readLines, "how are accepted languages sorted by quality and specificity?", {
      weights: { shortLines: 0 },
    });
    expect(names(ranked)[0]).toBe("preferredLanguages");
  });

  it("finds the question's word pairs side by side, not scattered", async () => {
    expect(adjacentPairs(["value", "too", "large"], ["raise", "value", "too", "large"])).toEqual([
      ["value", "too"],
      ["too", "large"],
    ]);
    expect(adjacentPairs(["value", "too", "large"], ["value", "size", "too", "big", "large"])).toEqual([]);
    // The same words once each, in an order that pairs none of them as the question does.
    const { index, readLines } = await indexOf({
      "store.py": lines(
        "def add(items, key, value):",
        "    if len(value) > LIMIT:",
        '        raise ValueError("value: large, too")',
        "    items[key] = value",
        "",
        "def put(items, key, value):",
        "    if len(value) > LIMIT:",
        '        raise ValueError("value too large")',
        "    items[key] = value",
      ),
    });
    const [first] = recall(index, readLines, "what happens when a value is too large?");
    expect(first?.symbol.name).toBe("put");
    expect(first?.why).toContain('has "value too", "too large" together');
  });

  it("scores a closure as part of the function that defines it", async () => {
    const { index, readLines } = await indexOf({
      "cached.py": lines(
        "def locked(func, cache, lock):",
        "    def wrapper(*args):",
        "        with lock:",
        "            return cache.get(args) or func(*args)",
        "    return wrapper",
        "",
        "def unlocked(func, cache):",
        "    def wrapper(*args):",
        "        return cache.get(args) or func(*args)",
        "    return wrapper",
      ),
    });
    const ranked = names(recall(index, readLines, "how does the cache use a lock?"));
    expect(ranked[0]).toBe("locked");
    expect(ranked).not.toContain("locked.wrapper");
    expect(ranked).not.toContain("unlocked.wrapper");
  });

  it("keeps a method assigned outside its constructor function as an answer of its own", async () => {
    const { index, readLines } = await indexOf({
      "index.js": lines(
        "function Negotiator(request) {",
        "  this.request = request;",
        "}",
        "Negotiator.prototype.charset = function charset(available) {",
        "  return preferredCharsets(this.request.headers['accept-charset'], available)[0];",
        "};",
      ),
    });
    const ranked = names(recall(index, readLines, "what is the preferred charset of the request?"));
    expect(ranked[0]).toBe("Negotiator.charset");
  });

  it("ranks benchmark and example code below the library like tests, unless the question is about them", async () => {
    const { index, readLines } = await indexOf({
      "package.json": '{ "name": "ver" }\n',
      "benchmarks/bench-options.js": lines(
        "function includePrerelease() {",
        "  return parse('1.2.3-beta', { includePrerelease: true });",
        "}",
        "module.exports = includePrerelease;",
      ),
      "lib/range.js": lines(
        "function matches(version, options) {",
        "  if (version.prerelease.length && !options.includePrerelease) return false;",
        "  return true;",
        "}",
        "module.exports = matches;",
      ),
    });
    const question = "where are prerelease versions excluded from a range unless includePrerelease is set?";
    expect(recall(index, readLines, question)[0]?.symbol.file).toBe("lib/range.js");
    const aboutBench = "which benchmark sets includePrerelease?";
    expect(recall(index, readLines, aboutBench)[0]?.symbol.file).toBe("benchmarks/bench-options.js");
  });

  it("meets the code's generic words through their synonyms", async () => {
    expect(synonymsOf(["lowest", "version"])).toEqual(["min", "minimum", "smallest"]);
    expect(synonymsOf(["version"])).toEqual([]);
    const { index, readLines } = await indexOf({
      "ranges/min-version.js": lines(
        "function minVersion(range) {",
        "  return range.set.map((c) => c.semver).sort(compare)[0];",
        "}",
        "module.exports = minVersion;",
      ),
      "ranges/outside.js": lines(
        "function outside(version, range) {",
        "  // is the version outside the range: above its highest or below its lowest comparator",
        "  return range.set.every((c) => !c.test(version));",
        "}",
        "module.exports = outside;",
      ),
    });
    const [first] = recall(index, readLines, "how is the lowest version of a range computed?");
    expect(first?.symbol.name).toBe("minVersion");
  });

  it("does not read a stop word at either end of a phrase as an acronym", () => {
    expect(acronymsIn("a value too large to fit", new Set(["lt", "tlf", "vtl"]))).toEqual(["vtl"]);
    expect(acronymsIn("the time to live", new Set(["ttl", "tt"]))).toEqual(["ttl"]);
  });
});
