import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";
import { createSymbolLookup } from "../../../src/understanding/index/symbol-lookup.ts";
import { resolveCallee } from "../../../src/understanding/localize/test-target-signal.ts";
import { lines, makeRepo, type TestRepo } from "../make-repo.ts";

// json5's lexer shape: `lexStates[lexState]()` runs one of the object's functions, chosen by a value.
describe("a call through a computed member of an object of functions", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  beforeAll(async () => {
    repo = makeRepo({
      "lib/lex.js": lines(
        "const states = {",
        "  start(c) { return c === 'a' ? 'name' : 'end'; },",
        "  name: function (c) { return 'end'; },",
        "};",
        "function lex(c, state) {",
        "  return states[state](c);",
        "}",
        "module.exports = { lex };",
      ),
    });
    index = await buildIndex(repo.root, { cache: null });
  });
  afterAll(() => repo.cleanup());

  it("binds the call to the object, and reaches each of its functions", () => {
    const call = index.calls.find((c) => c.file === "lib/lex.js" && c.line === 6);
    expect(call?.to).toBe("lib/lex.js#states@1");
    const reached = resolveCallee(call!, createSymbolLookup(index)).map((s) => s.qualifiedName);
    expect(reached.sort()).toEqual(["states.name", "states.start"]);
  });
});
