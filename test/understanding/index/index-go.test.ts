import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";
import { callRows, importRows, symbolRows } from "./index-shape.ts";
import { lines, makeRepo, type TestRepo } from "../make-repo.ts";

describe("indexing Go", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  beforeAll(async () => {
    repo = makeRepo({
      "cart/cart.go": lines(
        "package cart",
        "",
        "import (",
        '\t"fmt"',
        "",
        '\tm "example.com/shop/money"',
        ")",
        "",
        "// MaxItems bounds a cart.",
        "const MaxItems = 10",
        "",
        "// Cart holds prices.",
        "type Cart struct {",
        "\titems []int",
        "}",
        "",
        "type Totaler interface {",
        "\tTotal() int",
        "}",
        "",
        "// Add appends a price.",
        "func (c *Cart) Add(price int) {",
        "\tc.items = append(c.items, price)",
        "}",
        "",
        "func (c *Cart) Total() int {",
        "\treturn m.Round(sum(c.items))",
        "}",
        "",
        "func sum(xs []int) int {",
        "\tfmt.Println(len(xs))",
        "\treturn 0",
        "}",
      ),
      "cart/cart_test.go": lines(
        "package cart",
        "",
        'import "testing"',
        "",
        "func TestTotal(t *testing.T) {",
        "\tc := &Cart{}",
        "\tc.Add(2)",
        "\tif c.Total() != 2 {",
        '\t\tt.Fatal("bad")',
        "\t}",
        "}",
      ),
      "go.mod": lines("module example.com/shop", "", "go 1.21"),
      "money/round.go": lines("package money", "", "func Round(x int) int { return x }"),
    });
    index = await buildIndex(repo.root, { cache: null });
  });
  afterAll(() => repo.cleanup());

  it("finds definitions with kinds, exact line ranges and export flags", () => {
    expect(symbolRows(index)).toEqual([
      ["cart/cart.go", "MaxItems", "constant", 10, 10, true],
      ["cart/cart.go", "Cart", "class", 13, 15, true],
      ["cart/cart.go", "Totaler", "interface", 17, 19, true],
      ["cart/cart.go", "Totaler.Total", "method", 18, 18, true],
      ["cart/cart.go", "Cart.Add", "method", 22, 24, true],
      ["cart/cart.go", "Cart.Total", "method", 26, 28, true],
      ["cart/cart.go", "sum", "function", 30, 33, false],
      ["cart/cart_test.go", "TestTotal", "function", 5, 11, true],
      ["money/round.go", "Round", "function", 3, 3, true],
    ]);
  });

  it("records signatures and doc comments", () => {
    expect(index.symbols.map((s) => [s.qualifiedName, s.signature, s.doc])).toEqual([
      ["MaxItems", "const MaxItems = 10", "MaxItems bounds a cart."],
      ["Cart", "type Cart struct", "Cart holds prices."],
      ["Totaler", "type Totaler interface", null],
      ["Totaler.Total", "Total() int", null],
      ["Cart.Add", "func (c *Cart) Add(price int)", "Add appends a price."],
      ["Cart.Total", "func (c *Cart) Total() int", null],
      ["sum", "func sum(xs []int) int", null],
      ["TestTotal", "func TestTotal(t *testing.T)", null],
      ["Round", "func Round(x int) int", null],
    ]);
  });

  it("reads imports and resolves the ones inside the repository", () => {
    expect(importRows(index)).toEqual([
      ["cart/cart.go", "fmt", null, ["fmt"], 4],
      ["cart/cart.go", "example.com/shop/money", "money/round.go", ["m"], 6],
      ["cart/cart_test.go", "testing", null, ["testing"], 3],
    ]);
  });

  it("attributes call sites to their callers and resolves callees", () => {
    expect(callRows(index)).toEqual([
      ["cart/cart.go", 23, "cart/cart.go#Cart.Add@22", "append", null],
      ["cart/cart.go", 27, "cart/cart.go#Cart.Total@26", "m.Round", "money/round.go#Round@3"],
      ["cart/cart.go", 27, "cart/cart.go#Cart.Total@26", "sum", "cart/cart.go#sum@30"],
      ["cart/cart.go", 31, "cart/cart.go#sum@30", "fmt.Println", null],
      ["cart/cart.go", 31, "cart/cart.go#sum@30", "len", null],
      ["cart/cart_test.go", 7, "cart/cart_test.go#TestTotal@5", "c.Add", "cart/cart.go#Cart.Add@22"],
      ["cart/cart_test.go", 8, "cart/cart_test.go#TestTotal@5", "c.Total", "cart/cart.go#Cart.Total@26"],
      ["cart/cart_test.go", 9, "cart/cart_test.go#TestTotal@5", "t.Fatal", null],
    ]);
  });
});
