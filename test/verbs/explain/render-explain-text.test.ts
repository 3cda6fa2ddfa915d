// A huge diff prints a bounded text: at most 40 symbols, then how many more, and where to look.
import { afterEach, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import { explainDiff } from "../../../src/understanding/explain/explain-diff.ts";
import { renderExplainText } from "../../../src/verbs/explain/render-explain-text.ts";
import { lines, makeRepo, type TestRepo } from "../../understanding/make-repo.ts";

let repo: TestRepo | undefined;
afterEach(() => {
  repo?.cleanup();
  repo = undefined;
});

describe("renderExplainText", () => {
  it("caps a diff of 55 changed functions at 40, saying how many more and how to see them", async () => {
    const module = (body: string) =>
      lines(...Array.from({ length: 55 }, (_, i) => `export function f${i}(x) {\n  return ${body};\n}`));
    repo = makeRepo({ "src/many.js": module("x") });
    const base = repo.git("rev-parse", "HEAD").trim();
    repo.write("src/many.js", module("x + 1"));
    repo.commitAll("change");
    const index = await buildIndex(repo.root, { cache: null });
    const explained = await explainDiff({ root: repo.root, base, index });
    expect(explained.symbols).toHaveLength(55);
    const text = renderExplainText(explained);
    expect(text.split("\n")[0]).toBe("1 file(s) changed, 55 symbol(s):");
    expect(text).toMatch(/\bf0\b/);
    expect(text).toMatch(/\bf39\b/);
    expect(text).toContain("… and 15 more symbol(s) (use --focus or --json)");
    expect(text).not.toMatch(/\bf(4[0-9]|5[0-4])\b/);
  });
});
