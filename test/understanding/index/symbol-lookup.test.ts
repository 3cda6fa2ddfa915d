// The lookup over a real index: each symbol listed once under its name and once more under its
// qualified name's last part when that differs (`module.exports = function parse`), files in order.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";
import { createSymbolLookup } from "../../../src/understanding/index/symbol-lookup.ts";
import { lines, makeRepo, type TestRepo } from "../make-repo.ts";

describe("createSymbolLookup", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  beforeAll(async () => {
    repo = makeRepo({
      "lib/shapes.js": lines(
        "class Square { area() { return 1; } }",
        "class Circle { area() { return 2; } }",
        "function area(shape) { return shape.area(); }",
        "module.exports = { Square, Circle, area };",
      ),
    });
    index = await buildIndex(repo.root, { cache: null });
  });
  afterAll(() => repo.cleanup());

  it("lists every symbol of a name once, and a file's symbols in index order", () => {
    const lookup = createSymbolLookup(index);
    const ids = lookup.byName("area").map((s) => s.id);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
    expect(lookup.symbolsIn("lib/shapes.js").map((s) => s.id)).toEqual(
      index.symbols.filter((s) => s.file === "lib/shapes.js").map((s) => s.id),
    );
    expect(lookup.byName("Square.area")).toEqual([]);
  });
});
