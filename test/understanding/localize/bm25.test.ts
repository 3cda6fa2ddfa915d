import { describe, expect, it } from "vitest";
import { createBm25Index } from "../../../src/understanding/localize/bm25.ts";

describe("createBm25Index", () => {
  const docs = [
    ["parse", "hex", "char", "hex"],
    ["parse", "string"],
    ["format", "price"],
  ];
  const index = createBm25Index(docs);

  it("scores documents containing rarer query terms higher", () => {
    const [hex, str, price] = index.score(["parse", "hex"]);
    expect(hex).toBeGreaterThan(str!);
    expect(price).toBe(0);
  });

  it("gives a term in every document less weight than a term in one", () => {
    expect(index.idf("hex")).toBeGreaterThan(index.idf("parse"));
    expect(index.idf("unknown")).toBe(0);
  });

  it("counts a repeated query term once", () => {
    expect(index.score(["hex", "hex", "hex"])).toEqual(index.score(["hex"]));
  });
});
