import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractFile } from "../../../src/understanding/index/extract-file.ts";
import { createGrammars, type Grammars } from "../../../src/understanding/index/grammars.ts";

describe("Rust use-trees", () => {
  let grammars: Grammars;
  beforeAll(async () => {
    grammars = await createGrammars();
  });
  afterAll(() => grammars.close());

  it("expands nested lists, aliases, self and globs into one import per leaf", async () => {
    const parse = extractFile(
      await grammars.load("rust"),
      "use crate::shop::{cart::{self, Cart}, money::round as r, tax::*};\nuse std::io;\n",
    );
    expect(parse.imports).toEqual([
      { source: "crate::shop::cart", bindings: [{ local: "cart", imported: "*" }], line: 1 },
      { source: "crate::shop::cart::Cart", bindings: [{ local: "Cart", imported: "Cart" }], line: 1 },
      { source: "crate::shop::money::round", bindings: [{ local: "r", imported: "round" }], line: 1 },
      { source: "crate::shop::tax", bindings: [], line: 1 },
      { source: "std::io", bindings: [{ local: "io", imported: "io" }], line: 2 },
    ]);
  });
});
