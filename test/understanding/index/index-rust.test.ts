import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";
import { callRows, importRows, symbolRows } from "./index-shape.ts";
import { lines, makeRepo, type TestRepo } from "../make-repo.ts";

describe("indexing Rust", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  beforeAll(async () => {
    repo = makeRepo({
      "src/cart.rs": lines(
        "use crate::money::round;",
        "use crate::money;",
        "",
        "/// A shopping cart.",
        "#[derive(Debug, Default)]",
        "pub struct Cart {",
        "    items: Vec<u32>,",
        "}",
        "",
        "pub trait Total {",
        "    fn total(&self) -> u32;",
        "}",
        "",
        "impl Cart {",
        "    /// Creates an empty cart.",
        "    pub fn new() -> Self {",
        "        Cart::default()",
        "    }",
        "",
        "    pub fn add(&mut self, price: u32) {",
        "        self.items.push(price);",
        "    }",
        "}",
        "",
        "impl Total for Cart {",
        "    fn total(&self) -> u32 {",
        "        round(self.sum()) + money::ZERO",
        "    }",
        "}",
        "",
        "impl Cart {",
        "    fn sum(&self) -> u32 {",
        "        self.items.iter().sum()",
        "    }",
        "}",
      ),
      "src/lib.rs": lines("pub mod cart;", "mod money;", "", "pub use cart::Cart;"),
      "src/money/mod.rs": lines(
        "pub const ZERO: u32 = 0;",
        "",
        "pub fn round(x: u32) -> u32 {",
        "    x",
        "}",
      ),
      "tests/cart.rs": lines(
        "use shop::Cart;",
        "",
        "#[test]",
        "fn totals() {",
        "    let mut c = Cart::new();",
        "    c.add(2);",
        "    assert_eq!(c.sum(), 2);",
        "}",
      ),
    });
    index = await buildIndex(repo.root, { cache: null });
  });
  afterAll(() => repo.cleanup());

  it("finds definitions with kinds, exact line ranges and export flags", () => {
    expect(symbolRows(index)).toEqual([
      ["src/cart.rs", "Cart", "class", 6, 8, true],
      ["src/cart.rs", "Total", "interface", 10, 12, true],
      ["src/cart.rs", "Total.total", "method", 11, 11, false],
      ["src/cart.rs", "Cart.new", "method", 16, 18, true],
      ["src/cart.rs", "Cart.add", "method", 20, 22, true],
      ["src/cart.rs", "Cart.total", "method", 26, 28, false],
      ["src/cart.rs", "Cart.sum", "method", 32, 34, false],
      ["src/money/mod.rs", "ZERO", "constant", 1, 1, true],
      ["src/money/mod.rs", "round", "function", 3, 5, true],
      ["tests/cart.rs", "totals", "function", 4, 8, false],
    ]);
  });

  it("records signatures and doc comments", () => {
    expect(index.symbols.map((s) => [s.qualifiedName, s.signature, s.doc])).toEqual([
      ["Cart", "pub struct Cart", "A shopping cart."],
      ["Total", "pub trait Total", null],
      ["Total.total", "fn total(&self) -> u32", null],
      ["Cart.new", "pub fn new() -> Self", "Creates an empty cart."],
      ["Cart.add", "pub fn add(&mut self, price: u32)", null],
      ["Cart.total", "fn total(&self) -> u32", null],
      ["Cart.sum", "fn sum(&self) -> u32", null],
      ["ZERO", "pub const ZERO: u32 = 0", null],
      ["round", "pub fn round(x: u32) -> u32", null],
      ["totals", "fn totals()", null],
    ]);
  });

  it("reads imports and resolves the ones inside the repository", () => {
    expect(importRows(index)).toEqual([
      ["src/cart.rs", "crate::money::round", "src/money/mod.rs", ["round"], 1],
      ["src/cart.rs", "crate::money", "src/money/mod.rs", ["money"], 2],
      ["src/lib.rs", "mod cart", "src/cart.rs", ["cart"], 1],
      ["src/lib.rs", "mod money", "src/money/mod.rs", ["money"], 2],
      ["src/lib.rs", "cart::Cart", "src/cart.rs", ["Cart"], 4],
      ["tests/cart.rs", "shop::Cart", null, ["Cart"], 1],
    ]);
  });

  it("attributes call sites to their callers and resolves callees", () => {
    expect(callRows(index)).toEqual([
      ["src/cart.rs", 17, "src/cart.rs#Cart.new@16", "Cart::default", null],
      ["src/cart.rs", 21, "src/cart.rs#Cart.add@20", "self.items.push", null],
      ["src/cart.rs", 27, "src/cart.rs#Cart.total@26", "round", "src/money/mod.rs#round@3"],
      ["src/cart.rs", 27, "src/cart.rs#Cart.total@26", "self.sum", "src/cart.rs#Cart.sum@32"],
      ["src/cart.rs", 33, "src/cart.rs#Cart.sum@32", "self.items.iter().sum", null],
      ["src/cart.rs", 33, "src/cart.rs#Cart.sum@32", "self.items.iter", null],
      ["tests/cart.rs", 5, "tests/cart.rs#totals@4", "Cart::new", "src/cart.rs#Cart.new@16"],
      ["tests/cart.rs", 6, "tests/cart.rs#totals@4", "c.add", "src/cart.rs#Cart.add@20"],
      ["tests/cart.rs", 7, "tests/cart.rs#totals@4", "assert_eq", null],
    ]);
  });
});
