import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";
import { callRows, importRows, symbolRows } from "./index-shape.ts";
import { lines, makeRepo, type TestRepo } from "../make-repo.ts";

describe("indexing Java", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  beforeAll(async () => {
    repo = makeRepo({
      "src/main/java/com/shop/Cart.java": lines(
        "package com.shop;",
        "",
        "import java.util.ArrayList;",
        "import java.util.List;",
        "import com.shop.money.*;",
        "",
        "/** A shopping cart. */",
        "public class Cart implements Priced {",
        "    public static final int MAX_ITEMS = 10;",
        "    private final List<Integer> items = new ArrayList<>();",
        "",
        "    public Cart() {}",
        "",
        "    /** Adds a price. */",
        "    public void add(int price) {",
        "        items.add(price);",
        "    }",
        "",
        "    @Override",
        "    public int total() {",
        "        return Money.round(sum());",
        "    }",
        "",
        "    private int sum() {",
        "        return items.stream().mapToInt(Integer::intValue).sum();",
        "    }",
        "}",
        "",
        "interface Priced {",
        "    int total();",
        "}",
      ),
      "src/main/java/com/shop/money/Money.java": lines(
        "package com.shop.money;",
        "",
        "public final class Money {",
        "    public static int round(int x) {",
        "        return x;",
        "    }",
        "}",
      ),
      "src/test/java/com/shop/CartTest.java": lines(
        "package com.shop;",
        "",
        "import static org.junit.jupiter.api.Assertions.assertEquals;",
        "",
        "import org.junit.jupiter.api.Test;",
        "",
        "class CartTest {",
        "    @Test",
        "    void totals() {",
        "        Cart cart = new Cart();",
        "        cart.add(2);",
        "        assertEquals(2, cart.total());",
        "    }",
        "}",
      ),
    });
    index = await buildIndex(repo.root, { cache: null });
  });
  afterAll(() => repo.cleanup());

  it("finds definitions with kinds, exact line ranges and export flags", () => {
    expect(symbolRows(index)).toEqual([
      ["src/main/java/com/shop/Cart.java", "Cart", "class", 8, 27, true],
      ["src/main/java/com/shop/Cart.java", "Cart.MAX_ITEMS", "constant", 9, 9, true],
      ["src/main/java/com/shop/Cart.java", "Cart.Cart", "method", 12, 12, true],
      ["src/main/java/com/shop/Cart.java", "Cart.add", "method", 15, 17, true],
      ["src/main/java/com/shop/Cart.java", "Cart.total", "method", 19, 22, true],
      ["src/main/java/com/shop/Cart.java", "Cart.sum", "method", 24, 26, false],
      ["src/main/java/com/shop/Cart.java", "Priced", "interface", 29, 31, false],
      ["src/main/java/com/shop/Cart.java", "Priced.total", "method", 30, 30, true],
      ["src/main/java/com/shop/money/Money.java", "Money", "class", 3, 7, true],
      ["src/main/java/com/shop/money/Money.java", "Money.round", "method", 4, 6, true],
      ["src/test/java/com/shop/CartTest.java", "CartTest", "class", 7, 14, false],
      ["src/test/java/com/shop/CartTest.java", "CartTest.totals", "method", 8, 13, false],
    ]);
  });

  it("records signatures and doc comments", () => {
    expect(index.symbols.map((s) => [s.qualifiedName, s.signature, s.doc])).toEqual([
      ["Cart", "public class Cart implements Priced", "A shopping cart."],
      ["Cart.MAX_ITEMS", "public static final int MAX_ITEMS = 10", null],
      ["Cart.Cart", "public Cart()", null],
      ["Cart.add", "public void add(int price)", "Adds a price."],
      ["Cart.total", "@Override public int total()", null],
      ["Cart.sum", "private int sum()", null],
      ["Priced", "interface Priced", null],
      ["Priced.total", "int total()", null],
      ["Money", "public final class Money", null],
      ["Money.round", "public static int round(int x)", null],
      ["CartTest", "class CartTest", null],
      ["CartTest.totals", "@Test void totals()", null],
    ]);
  });

  it("reads imports and resolves the ones inside the repository", () => {
    expect(importRows(index)).toEqual([
      ["src/main/java/com/shop/Cart.java", "java.util.ArrayList", null, ["ArrayList"], 3],
      ["src/main/java/com/shop/Cart.java", "java.util.List", null, ["List"], 4],
      ["src/main/java/com/shop/Cart.java", "com.shop.money", null, [], 5],
      [
        "src/test/java/com/shop/CartTest.java",
        "org.junit.jupiter.api.Assertions.assertEquals",
        null,
        ["assertEquals"],
        3,
      ],
      ["src/test/java/com/shop/CartTest.java", "org.junit.jupiter.api.Test", null, ["Test"], 5],
    ]);
  });

  it("attributes call sites to their callers and resolves callees", () => {
    expect(callRows(index)).toEqual([
      [
        "src/main/java/com/shop/Cart.java",
        16,
        "src/main/java/com/shop/Cart.java#Cart.add@15",
        "items.add",
        "src/main/java/com/shop/Cart.java#Cart.add@15",
      ],
      [
        "src/main/java/com/shop/Cart.java",
        21,
        "src/main/java/com/shop/Cart.java#Cart.total@19",
        "Money.round",
        "src/main/java/com/shop/money/Money.java#Money.round@4",
      ],
      [
        "src/main/java/com/shop/Cart.java",
        21,
        "src/main/java/com/shop/Cart.java#Cart.total@19",
        "sum",
        "src/main/java/com/shop/Cart.java#Cart.sum@24",
      ],
      [
        "src/main/java/com/shop/Cart.java",
        25,
        "src/main/java/com/shop/Cart.java#Cart.sum@24",
        "items.stream",
        null,
      ],
      [
        "src/main/java/com/shop/Cart.java",
        25,
        "src/main/java/com/shop/Cart.java#Cart.sum@24",
        "items.stream().mapToInt",
        null,
      ],
      [
        "src/main/java/com/shop/Cart.java",
        25,
        "src/main/java/com/shop/Cart.java#Cart.sum@24",
        "items.stream().mapToInt().sum",
        null,
      ],
      [
        "src/test/java/com/shop/CartTest.java",
        10,
        "src/test/java/com/shop/CartTest.java#CartTest.totals@8",
        "Cart",
        "src/main/java/com/shop/Cart.java#Cart@8",
      ],
      [
        "src/test/java/com/shop/CartTest.java",
        11,
        "src/test/java/com/shop/CartTest.java#CartTest.totals@8",
        "cart.add",
        "src/main/java/com/shop/Cart.java#Cart.add@15",
      ],
      [
        "src/test/java/com/shop/CartTest.java",
        12,
        "src/test/java/com/shop/CartTest.java#CartTest.totals@8",
        "assertEquals",
        null,
      ],
      [
        "src/test/java/com/shop/CartTest.java",
        12,
        "src/test/java/com/shop/CartTest.java#CartTest.totals@8",
        "cart.total",
        "src/main/java/com/shop/Cart.java#Cart.total@19",
      ],
    ]);
  });
});
