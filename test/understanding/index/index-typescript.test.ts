import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";
import { callRows, importRows, symbolNamed, symbolRows } from "./index-shape.ts";
import { lines, makeRepo, type TestRepo } from "../make-repo.ts";

describe("indexing TypeScript", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  beforeAll(async () => {
    repo = makeRepo({
      "src/cart.ts": lines(
        'import { formatPrice as fmt } from "./format.js";',
        'import * as tax from "./tax";',
        "",
        "/** A shopping cart. */",
        "export class Cart {",
        "  private items: number[] = [];",
        "",
        "  /** Adds an item price. */",
        "  add(price: number): void {",
        "    this.items.push(price);",
        "  }",
        "",
        "  total(): string {",
        "    const sum = this.items.reduce((a, b) => a + b, 0);",
        "    return fmt(tax.withTax(sum));",
        "  }",
        "}",
        "",
        "export interface Priced {",
        "  price: number;",
        "}",
        "",
        "export type Money = number;",
      ),
      "src/format.ts": lines(
        "// Formats a price with two decimals.",
        "export const formatPrice = (value: number): string => value.toFixed(2);",
        "",
        'export const CURRENCY = "EUR";',
        "let counter = 0;",
      ),
      "src/tax.ts": lines(
        "export function withTax(amount: number, rate = 0.2): number {",
        "  return amount * (1 + rate);",
        "}",
      ),
      "test/cart.test.ts": lines(
        'import { Cart } from "../src/cart";',
        "",
        'test("totals", () => {',
        "  const cart = new Cart();",
        "  cart.add(2);",
        '  expect(cart.total()).toBe("2.40");',
        "});",
      ),
    });
    index = await buildIndex(repo.root, { cache: null });
  });
  afterAll(() => repo.cleanup());

  it("finds classes, methods, interfaces, types, constants and test blocks with exact line ranges", () => {
    expect(symbolRows(index)).toEqual([
      ["src/cart.ts", "Cart", "class", 5, 17, true],
      ["src/cart.ts", "Cart.add", "method", 9, 11, true],
      ["src/cart.ts", "Cart.total", "method", 13, 16, true],
      ["src/cart.ts", "Priced", "interface", 19, 21, true],
      ["src/cart.ts", "Money", "type", 23, 23, true],
      ["src/format.ts", "formatPrice", "function", 2, 2, true],
      ["src/format.ts", "CURRENCY", "constant", 4, 4, true],
      ["src/format.ts", "counter", "variable", 5, 5, false],
      ["src/tax.ts", "withTax", "function", 1, 3, true],
      ["test/cart.test.ts", "totals", "function", 3, 7, false],
    ]);
  });

  it("records signatures up to the body, doc comments and parents", () => {
    expect(symbolNamed(index, "Cart").signature).toBe("export class Cart");
    expect(symbolNamed(index, "Cart").doc).toBe("A shopping cart.");
    expect(symbolNamed(index, "Cart.add")).toMatchObject({
      id: "src/cart.ts#Cart.add@9",
      signature: "add(price: number): void",
      doc: "Adds an item price.",
      parent: "src/cart.ts#Cart@5",
    });
    expect(symbolNamed(index, "formatPrice").signature).toBe(
      "export const formatPrice = (value: number): string =>",
    );
    expect(symbolNamed(index, "formatPrice").doc).toBe("Formats a price with two decimals.");
    expect(symbolNamed(index, "withTax").signature).toBe(
      "export function withTax(amount: number, rate = 0.2): number",
    );
    expect(symbolNamed(index, "Cart.total").doc).toBeNull();
  });

  it("resolves relative imports, including ./x.js written for x.ts", () => {
    expect(importRows(index)).toEqual([
      ["src/cart.ts", "./format.js", "src/format.ts", ["fmt"], 1],
      ["src/cart.ts", "./tax", "src/tax.ts", ["tax"], 2],
      ["test/cart.test.ts", "../src/cart", "src/cart.ts", ["Cart"], 1],
    ]);
    expect(index.imports[0]?.bindings).toEqual([{ local: "fmt", imported: "formatPrice" }]);
    expect(index.imports[1]?.bindings).toEqual([{ local: "tax", imported: "*" }]);
  });

  it("resolves calls through aliases, namespaces, constructors and unique method names", () => {
    expect(callRows(index)).toEqual([
      ["src/cart.ts", 10, "src/cart.ts#Cart.add@9", "this.items.push", null],
      ["src/cart.ts", 14, "src/cart.ts#Cart.total@13", "this.items.reduce", null],
      ["src/cart.ts", 15, "src/cart.ts#Cart.total@13", "fmt", "src/format.ts#formatPrice@2"],
      ["src/cart.ts", 15, "src/cart.ts#Cart.total@13", "tax.withTax", "src/tax.ts#withTax@1"],
      ["src/format.ts", 2, "src/format.ts#formatPrice@2", "value.toFixed", null],
      ["test/cart.test.ts", 3, null, "test", null],
      ["test/cart.test.ts", 4, "test/cart.test.ts#totals@3", "Cart", "src/cart.ts#Cart@5"],
      ["test/cart.test.ts", 5, "test/cart.test.ts#totals@3", "cart.add", "src/cart.ts#Cart.add@9"],
      ["test/cart.test.ts", 6, "test/cart.test.ts#totals@3", "expect().toBe", null],
      ["test/cart.test.ts", 6, "test/cart.test.ts#totals@3", "expect", null],
      ["test/cart.test.ts", 6, "test/cart.test.ts#totals@3", "cart.total", "src/cart.ts#Cart.total@13"],
    ]);
  });

  it("describes files with blob SHAs from git and marks test files", () => {
    const sha = repo.git("rev-parse", "HEAD:src/tax.ts").trim();
    expect(index.files.find((f) => f.path === "src/tax.ts")).toEqual({
      path: "src/tax.ts",
      language: "typescript",
      blobSha: sha,
      bytes: 94,
      lines: 3,
      isTest: false,
    });
    expect(index.files.filter((f) => f.isTest).map((f) => f.path)).toEqual(["test/cart.test.ts"]);
  });

  it("slices signatures and doc comments correctly around non-ASCII text", async () => {
    const unicode = makeRepo({
      "a.ts": lines(
        "// héllo wörld ✓ 日本語",
        'const s = "ü";',
        "/** Dóc ✓ */",
        "export function grüße(name: string): string {",
        "  return `hi ${name}`;",
        "}",
      ),
    });
    try {
      const idx = await buildIndex(unicode.root, { cache: null });
      expect(idx.symbols.map((s) => [s.name, s.startLine, s.endLine, s.signature, s.doc])).toEqual([
        ["s", 2, 2, 'const s = "ü"', "héllo wörld ✓ 日本語"],
        ["grüße", 4, 6, "export function grüße(name: string): string", "Dóc ✓"],
      ]);
      expect(idx.files[0]?.bytes).toBe(Buffer.byteLength(readFileSync(join(unicode.root, "a.ts"))));
    } finally {
      unicode.cleanup();
    }
  });
});
