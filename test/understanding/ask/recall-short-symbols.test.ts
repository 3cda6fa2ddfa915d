// A symbol of a few lines is mostly its name in its BM25 document, so its BM25 score counts in
// proportion to its lines (recall-weights.ts shortLines): pyyaml's two-line `YAMLError` no longer
// outranks the reader's check that raises the error the question asks about (yaml-reader-errors.ts).
import { describe, expect, it } from "vitest";
import { recall } from "../../../src/understanding/ask/recall.ts";
import { names, useIndexedRepo } from "./indexed-repo.ts";
import { yamlReaderErrors } from "./yaml-reader-errors.ts";

const indexOf = useIndexedRepo();
const question = "which characters are refused in the input, and where is that error raised?";

describe("ask recall: a symbol of a few lines", () => {
  it("ranks below the longer code that does what is asked", async () => {
    const { index, readLines } = await indexOf(yamlReaderErrors);
    const ranked = recall(index, readLines, question, { limit: 100 });
    const order = names(ranked);
    expect(order[0]).toBe("Reader.check_printable");
    expect(order.indexOf("YAMLError")).toBeGreaterThan(0);
    const stub = ranked.find((r) => r.symbol.qualifiedName === "YAMLError");
    expect(stub?.why.join("; ")).toContain("2 lines long");
  });

  it("is what puts the two-line class first when its words count in full", async () => {
    const { index, readLines } = await indexOf(yamlReaderErrors);
    const ranked = recall(index, readLines, question, { limit: 3, weights: { shortLines: 0 } });
    expect(names(ranked)[0]).toBe("YAMLError");
  });

  it("keeps a short function first when its name says what is asked", async () => {
    const { index, readLines } = await indexOf(yamlReaderErrors);
    const [first] = recall(index, readLines, "how does the reader peek at the next character?");
    expect(first?.symbol.qualifiedName).toBe("Reader.peek");
  });
});
