import { describe, expect, it } from "vitest";
import { expandAliases } from "../../../src/understanding/localize/expand-aliases.ts";

describe("expandAliases", () => {
  const aliases = { dmp: "data_management_platform" };

  it("adds the long form's terms when the alias appears", () => {
    expect(expandAliases(["dmp", "sync"], aliases)).toEqual([
      "dmp",
      "sync",
      "data",
      "management",
      "platform",
    ]);
  });

  it("adds the alias when every term of the long form appears", () => {
    expect(expandAliases(["data", "management", "platform"], aliases)).toContain("dmp");
    expect(expandAliases(["data", "platform"], aliases)).not.toContain("dmp");
  });
});
