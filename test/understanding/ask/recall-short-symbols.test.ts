// A symbol of a few lines is mostly its name in its BM25 document, so its BM25 score counts in
// proportion to its lines (recall-weights.ts shortLines): a two-line `ConfigError` no longer outranks
// the source's `fill`, which raises the error the question asks about (config-source-errors.ts).
import { describe, expect, it } from "vitest";
import { recall } from "../../../src/understanding/ask/recall.ts";
import { names, useIndexedRepo } from "./indexed-repo.ts";
import { configSourceErrors } from "./config-source-errors.ts";

const indexOf = useIndexedRepo();
const question = "which bytes of the input are rejected with an error?";

describe("ask recall: a symbol of a few lines", () => {
  it("ranks below the longer code that does what is asked", async () => {
    const { index, readLines } = await indexOf(configSourceErrors);
    const ranked = recall(index, readLines, question, { limit: 100 });
    const order = names(ranked);
    expect(order[0]).toBe("Source.fill");
    expect(order.indexOf("ConfigError")).toBeGreaterThan(0);
    const stub = ranked.find((r) => r.symbol.qualifiedName === "ConfigError");
    expect(stub?.why.join("; ")).toContain("2 lines long");
  });

  it("is what puts the two-line class first when its words count in full", async () => {
    const { index, readLines } = await indexOf(configSourceErrors);
    const ranked = recall(index, readLines, question, { limit: 3, weights: { shortLines: 0 } });
    expect(names(ranked)[0]).toBe("ConfigError");
  });

  it("keeps a short function first when its name says what is asked", async () => {
    const { index, readLines } = await indexOf(configSourceErrors);
    const [first] = recall(index, readLines, "how does the source peek at the next character?");
    expect(first?.symbol.qualifiedName).toBe("Source.peek");
  });
});
