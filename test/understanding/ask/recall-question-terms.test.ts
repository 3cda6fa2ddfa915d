// How `ask` reads a question without a model: word forms and spelled-out abbreviations meet the code's
// names, a plain word that happens to be a name is a hint not a verdict, a class does not outrank its
// own method with the method's words, and Python stubs beside their module are not answers.
import { describe, expect, it } from "vitest";
import { recall } from "../../../src/understanding/ask/recall.ts";
import { acronymsIn } from "../../../src/understanding/ask/question-terms.ts";
import { lines } from "../make-repo.ts";
import { useIndexedRepo } from "./indexed-repo.ts";

const indexOf = useIndexedRepo();

const top = (r: ReturnType<typeof recall>) => r.map((x) => `${x.symbol.file}:${x.symbol.qualifiedName}`);

describe("ask recall: question terms", () => {
  it("finds the function whose name is another form of the question's word", async () => {
    const { index, readLines } = await indexOf({
      "lib/coerce.js": lines(
        "function coerce(text) {",
        "  return String(text).trim();",
        "}",
        "module.exports = coerce;",
      ),
      "lib/parse.js": lines(
        "function parse(text) {",
        "  // a value from JSON text; the text must be valid",
        "  return JSON.parse(text);",
        "}",
        "module.exports = parse;",
      ),
    });
    expect(top(recall(index, readLines, "where is a value coerced from text?", { limit: 1 }))).toEqual([
      "lib/coerce.js:coerce",
    ]);
  });

  it("expands a spelled-out abbreviation to the code's acronym", async () => {
    expect(acronymsIn("how does the time to live work?", new Set(["ttl", "lru"]))).toEqual(["ttl"]);
    expect(acronymsIn("how does the time to live work?", new Set(["lru"]))).toEqual([]);
    const { index, readLines } = await indexOf({
      "cache.py": lines(
        "class LRUCache:",
        "    def touch(self, key):",
        "        self.order.move_to_end(key)",
        "class FIFOCache:",
        "    def touch(self, key):",
        "        pass",
      ),
    });
    const [first] = recall(index, readLines, "what does the least recently used cache do on touch?");
    expect(first?.symbol.qualifiedName).toBe("LRUCache.touch");
  });

  it("takes a plain word that is also a name as a hint, a name written as code as the answer", async () => {
    const { index, readLines } = await indexOf({
      "bin/cli.js": lines("let range = process.argv[2];", "console.log(range);"),
      "lib/caret.js": lines(
        "function replaceCaret(comp) {",
        "  // a caret range allows changes that do not modify the left-most non-zero digit",
        "  return comp.replace('^', '>=');",
        "}",
        "module.exports = replaceCaret;",
      ),
    });
    expect(top(recall(index, readLines, "how is a caret range expanded?", { limit: 1 }))).toEqual([
      "lib/caret.js:replaceCaret",
    ]);
    const named = recall(index, readLines, "what does `range` hold?", { limit: 2 });
    expect(named.find((r) => r.symbol.name === "range")?.why).toContain("the question names range");
    // Without backticks `range` is a plain word of the question, and the reason says only that.
    const plain = recall(index, readLines, "what does the range hold?", { limit: 2 });
    expect(plain.find((r) => r.symbol.name === "range")?.why).toContain(
      "its name range is a word of the question",
    );
  });

  it("ranks the method that answers above the class that contains it", async () => {
    const { index, readLines } = await indexOf({
      "store.py": lines(
        "class Store:",
        "    def evict(self):",
        "        # evict the oldest entry",
        "        return self.order.pop()",
        "    def put(self, key, value):",
        "        # store the entry",
        "        self.items[key] = value",
        "    def clear(self):",
        "        # drop every entry of the store",
        "        self.items = {}",
        "    def shrink(self):",
        "        # drop entries so the store holds less",
        "        self.items = {}",
      ),
    });
    const [first] = recall(index, readLines, "which entry does the store drop when it evicts?");
    expect(first?.symbol.qualifiedName).toBe("Store.evict");
  });

  it("answers from a Python module, not from the stub beside it", async () => {
    const { index, readLines } = await indexOf({
      "pkg/more.py": lines("def powerset(iterable):", "    return chain_of_combinations(iterable)"),
      "pkg/more.pyi": lines("def powerset(iterable): ..."),
    });
    const files = recall(index, readLines, "how is the powerset computed?").map((r) => r.symbol.file);
    expect(files).toContain("pkg/more.py");
    expect(files).not.toContain("pkg/more.pyi");
  });
});
