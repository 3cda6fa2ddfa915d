// A question in British spelling meets code in American spelling (british-spellings.ts).
import { describe, expect, it } from "vitest";
import { recall } from "../../../src/understanding/ask/recall.ts";
import { americanSpellings } from "../../../src/understanding/ask/british-spellings.ts";
import { useIndexedRepo } from "./indexed-repo.ts";
import { linkLabelSpelling } from "./link-label-spelling.ts";

const indexOf = useIndexedRepo();
// The fixture's functions are shorter than any answer in a real repository; recall-short-symbols.test.ts
// covers how short symbols count, so `shortLines` is off here and the test reads only its own rule.

describe("British spellings in a question", () => {
  it("become American when the code uses the American form, and only then", () => {
    const code = new Set(["normalized", "color", "optimizations", "analyze"]);
    const isCodeWord = (w: string) => code.has(w);
    expect(
      americanSpellings(["labels", "normalised", "colour", "optimisations", "analysed"], isCodeWord),
    ).toEqual(["labels", "normalized", "color", "optimizations", "analysed"]);
    expect(americanSpellings(["raised", "promise", "otherwise", "four"], () => true)).toEqual([
      "raized",
      "promize",
      "otherwize",
      "four",
    ]);
    expect(americanSpellings(["raised", "promise", "otherwise"], isCodeWord)).toEqual([
      "raised",
      "promise",
      "otherwise",
    ]);
  });

  it("ranks the function named in American spelling first for a question in British spelling", async () => {
    const { index, readLines } = await indexOf(linkLabelSpelling);
    const [first] = recall(
      index,
      readLines,
      "[Foo  Bar] and [foo bar] use the same link definition; where are link labels normalised?",
      { weights: { shortLines: 0 } },
    );
    expect(first?.symbol.qualifiedName).toBe("normalize_label");
  });
});
