// Two ways a question says which kind of code it wants, on small repositories indexed with real
// tree-sitter: "where are the tests for …" wants test code over the code under test, and "what
// happens when …" with an error's words wants the code that raises it over a caller that repeats
// the message in a comment. In each, the other kind ranks first without the mechanism.
import { describe, expect, it } from "vitest";
import { recall } from "../../../src/understanding/ask/recall.ts";
import { lines } from "../make-repo.ts";
import { useIndexedRepo } from "./indexed-repo.ts";
import { ttlCacheRepo } from "./ttl-cache-repo.ts";

const indexOf = useIndexedRepo();

describe("ask recall: what kind of code the question asks for", () => {
  it("ranks the tests first when the question asks for the tests", async () => {
    const { index, readLines } = await indexOf(ttlCacheRepo);
    const ranked = recall(index, readLines, "where are the tests for the time-to-live cache?");
    expect(ranked[0]?.symbol.file).toBe("tests/test_ttl.py");
    const library = ranked.find((r) => r.symbol.file === "pkg/cache.py");
    expect(library?.why).toContain("not test code, and the question asks for tests");
  });

  it("ranks the function that raises the error over a caller that repeats its message", async () => {
    const { index, readLines } = await indexOf({
      "pkg/__init__.py": "",
      "pkg/cache.py": lines(
        "class Cache:",
        "    def __init__(self, maxsize, getsizeof):",
        "        self.maxsize = maxsize",
        "        self.getsizeof = getsizeof",
        "        self.data = {}",
        "        self.size = 0",
        "",
        "    def __setitem__(self, key, value):",
        "        size = self.getsizeof(value)",
        "        if size > self.maxsize:",
        '            raise ValueError("value too large")',
        "        if key not in self.data or self.sizes[key] < size:",
        "            while self.size + size > self.maxsize:",
        "                self.evict_oldest_entry()",
        "        if key in self.data:",
        "            diffsize = size - self.sizes[key]",
        "        else:",
        "            diffsize = size",
        "        self.data[key] = value",
        "        self.sizes[key] = size",
        "        self.size += diffsize",
      ),
      "pkg/wrap.py": lines(
        "def store_in_cache(cache, key, value):",
        "    try:",
        "        cache[key] = value",
        "    except ValueError:",
        "        pass  # value too large",
        "    return value",
      ),
    });
    const ranked = recall(index, readLines, "what happens when a value is too large for the cache?");
    expect(ranked[0]?.symbol.qualifiedName).toBe("Cache.__setitem__");
    expect(ranked[0]?.why.join("; ")).toContain('raises an error whose message has "value too"');
  });
});
