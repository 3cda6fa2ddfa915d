import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";
import { callRows, importRows, symbolRows } from "./index-shape.ts";
import { lines, makeRepo, type TestRepo } from "../make-repo.ts";

describe("indexing Python", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  beforeAll(async () => {
    repo = makeRepo({
      "src/shop/__init__.py": lines("from .cart import Cart"),
      "src/shop/cart.py": lines(
        "import math",
        "from shop import pricing",
        "from .pricing import apply_discount as discount",
        "",
        "MAX_ITEMS = 10",
        "_cache = {}",
        "",
        "",
        "class Cart:",
        '    """A shopping cart."""',
        "",
        "    def __init__(self):",
        "        self.items = []",
        "",
        "    @property",
        "    def total(self) -> float:",
        "        return discount(self._sum(), 0.1)",
        "",
        "    def _sum(self):",
        "        return math.fsum(self.items)",
        "",
        "",
        "def make_cart():",
        "    return Cart()",
      ),
      "src/shop/pricing.py": lines(
        "def apply_discount(amount, rate):",
        "    # subtract the discount",
        "    return amount * (1 - rate)",
        "",
        "",
        "def rounded(amount):",
        "    return round(apply_discount(amount, 0))",
      ),
      "tests/test_cart.py": lines(
        "from shop.cart import make_cart",
        "import shop.pricing",
        "",
        "",
        "def test_total():",
        "    cart = make_cart()",
        "    assert cart.total == 0",
        "    assert shop.pricing.rounded(1) == 1",
      ),
    });
    index = await buildIndex(repo.root, { cache: null });
  });
  afterAll(() => repo.cleanup());

  it("finds definitions with kinds, exact line ranges and export flags", () => {
    expect(symbolRows(index)).toEqual([
      ["src/shop/cart.py", "MAX_ITEMS", "constant", 5, 5, true],
      ["src/shop/cart.py", "_cache", "variable", 6, 6, false],
      ["src/shop/cart.py", "Cart", "class", 9, 20, true],
      ["src/shop/cart.py", "Cart.__init__", "method", 12, 13, false],
      ["src/shop/cart.py", "Cart.total", "method", 15, 17, true],
      ["src/shop/cart.py", "Cart._sum", "method", 19, 20, false],
      ["src/shop/cart.py", "make_cart", "function", 23, 24, true],
      ["src/shop/pricing.py", "apply_discount", "function", 1, 3, true],
      ["src/shop/pricing.py", "rounded", "function", 6, 7, true],
      ["tests/test_cart.py", "test_total", "function", 5, 8, true],
    ]);
  });

  it("records signatures and doc comments", () => {
    expect(index.symbols.map((s) => [s.qualifiedName, s.signature, s.doc])).toEqual([
      ["MAX_ITEMS", "MAX_ITEMS = 10", null],
      ["_cache", "_cache = {}", null],
      ["Cart", "class Cart", "A shopping cart."],
      ["Cart.__init__", "def __init__(self)", null],
      ["Cart.total", "def total(self) -> float", null],
      ["Cart._sum", "def _sum(self)", null],
      ["make_cart", "def make_cart()", null],
      ["apply_discount", "def apply_discount(amount, rate)", null],
      ["rounded", "def rounded(amount)", null],
      ["test_total", "def test_total()", null],
    ]);
  });

  it("reads imports and resolves the ones inside the repository", () => {
    expect(importRows(index)).toEqual([
      ["src/shop/__init__.py", ".cart", "src/shop/cart.py", ["Cart"], 1],
      ["src/shop/cart.py", "math", null, ["math"], 1],
      ["src/shop/cart.py", "shop", "src/shop/__init__.py", ["pricing"], 2],
      ["src/shop/cart.py", ".pricing", "src/shop/pricing.py", ["discount"], 3],
      ["tests/test_cart.py", "shop.cart", "src/shop/cart.py", ["make_cart"], 1],
      ["tests/test_cart.py", "shop.pricing", "src/shop/pricing.py", ["shop.pricing"], 2],
    ]);
  });

  it("attributes call sites to their callers and resolves callees", () => {
    expect(callRows(index)).toEqual([
      [
        "src/shop/cart.py",
        17,
        "src/shop/cart.py#Cart.total@15",
        "discount",
        "src/shop/pricing.py#apply_discount@1",
      ],
      [
        "src/shop/cart.py",
        17,
        "src/shop/cart.py#Cart.total@15",
        "self._sum",
        "src/shop/cart.py#Cart._sum@19",
      ],
      ["src/shop/cart.py", 20, "src/shop/cart.py#Cart._sum@19", "math.fsum", null],
      ["src/shop/cart.py", 24, "src/shop/cart.py#make_cart@23", "Cart", "src/shop/cart.py#Cart@9"],
      ["src/shop/pricing.py", 7, "src/shop/pricing.py#rounded@6", "round", null],
      [
        "src/shop/pricing.py",
        7,
        "src/shop/pricing.py#rounded@6",
        "apply_discount",
        "src/shop/pricing.py#apply_discount@1",
      ],
      [
        "tests/test_cart.py",
        6,
        "tests/test_cart.py#test_total@5",
        "make_cart",
        "src/shop/cart.py#make_cart@23",
      ],
      [
        "tests/test_cart.py",
        8,
        "tests/test_cart.py#test_total@5",
        "shop.pricing.rounded",
        "src/shop/pricing.py#rounded@6",
      ],
    ]);
  });
});
