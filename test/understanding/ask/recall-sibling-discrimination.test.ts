// Siblings of one file among the first three are told apart by how specific to each of them, within
// the file, the question's words it holds are (sibling-discrimination.ts): every helper of the lexer
// reads a string character, only one holds "paragraph separator" (string-lexer.ts).
import { describe, expect, it } from "vitest";
import { recall } from "../../../src/understanding/ask/recall.ts";
import { names, useIndexedRepo } from "./indexed-repo.ts";
import { stringLexer } from "./string-lexer.ts";

const indexOf = useIndexedRepo();
const question = "how is a paragraph separator character in a string literal read?";

describe("ask recall: siblings of one file at the top", () => {
  it("puts first the sibling holding the words its siblings lack", async () => {
    const { index, readLines } = await indexOf(stringLexer);
    const ranked = recall(index, readLines, question, { limit: 5 });
    expect(names(ranked).slice(0, 2)).toEqual(["check_code_point", "read_string_character"]);
    expect(ranked[0]?.why.join("; ")).toContain("ranked above read_string_character of its file");
    // The scores shown stay in rank order.
    expect(ranked.map((r) => r.score)).toEqual(ranked.map((r) => r.score).sort((a, b) => b - a));
  });

  it("is what passes the sibling holding more of the file's common words", async () => {
    const { index, readLines } = await indexOf(stringLexer);
    const ranked = recall(index, readLines, question, { limit: 5, weights: { siblings: 0 } });
    expect(names(ranked)[0]).toBe("read_string_character");
  });

  it("re-orders the first three and nothing below them", async () => {
    const { index, readLines } = await indexOf(stringLexer);
    const kept = recall(index, readLines, question, { limit: 5 });
    const off = recall(index, readLines, question, { limit: 5, weights: { siblings: 0 } });
    expect(new Set(names(kept).slice(0, 3))).toEqual(new Set(names(off).slice(0, 3)));
    expect(names(kept).slice(3)).toEqual(names(off).slice(3));
  });

  it("leaves a sibling first when it holds the rare words itself", async () => {
    const { index, readLines } = await indexOf(stringLexer);
    const [first] = recall(
      index,
      readLines,
      "when a string character is read, where is a paragraph separator warned about?",
    );
    expect(first?.symbol.qualifiedName).toBe("check_code_point");
  });
});
