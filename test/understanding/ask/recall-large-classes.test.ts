// A class too long to be an answer, read by its header, comes after the code that matches
// (recall-weights.ts ranksAfterCode): a `TagSet` over 150 lines carries "set" in its name (long-set-class.ts).
import { describe, expect, it } from "vitest";
import { recall } from "../../../src/understanding/ask/recall.ts";
import { names, useIndexedRepo } from "./indexed-repo.ts";
import { longSetClass } from "./long-set-class.ts";

const indexOf = useIndexedRepo();

describe("ask recall: a class longer than any answer", () => {
  it("ranks after the functions and methods that match", async () => {
    const { index, readLines } = await indexOf(longSetClass);
    const ranked = recall(index, readLines, "in DER output, how are the members of a SET put in order?", {
      limit: 100,
    });
    const order = names(ranked);
    expect(order.indexOf("SetEncoder._componentSortKey")).toBeGreaterThanOrEqual(0);
    expect(order.indexOf("TagSet")).toBeGreaterThan(order.indexOf("SetEncoder._componentSortKey"));
    const tagSet = ranked.find((r) => r.symbol.qualifiedName === "TagSet");
    expect(tagSet?.why.join("; ")).toContain("ranked after the code that matches");
  });

  it("keeps its place when the question names it as code", async () => {
    const { index, readLines } = await indexOf(longSetClass);
    const [first] = recall(index, readLines, "how does TagSet compare two sets of tags?");
    expect(first?.symbol.qualifiedName).toBe("TagSet");
  });
});
