import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { execa } from "execa";
import { afterAll, describe, expect, it } from "vitest";
import { diagnose } from "../../../src/perception/diagnose.ts";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import { localize } from "../../../src/understanding/localize/localize.ts";

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

// `total` is a property: the failing assertion reads `cart.total`, no call expression names it, and
// `add`, which the test does call, is innocent.
const files: Record<string, string> = {
  "shop/__init__.py": "",
  "shop/cart.py": [
    "class Cart:",
    "    def __init__(self, prices):",
    "        self.prices = list(prices)",
    "",
    "    def add(self, price):",
    "        self.prices.append(price)",
    "        return self",
    "",
    "    @property",
    "    def count(self):",
    "        return len(self.prices)",
    "",
    "    @property",
    "    def total(self):",
    "        return sum(self.prices) - self.prices[0]",
    "",
    "    def describe(self):",
    '        return f"{self.count} items"',
    "",
  ].join("\n"),
  "tests/__init__.py": "",
  "tests/test_cart.py": [
    "import unittest",
    "",
    "from shop.cart import Cart",
    "",
    "",
    "class CartTest(unittest.TestCase):",
    "    def test_sum(self):",
    "        cart = Cart([2, 3]).add(5)",
    "        self.assertEqual(cart.total, 10)",
    "",
    "    def test_describe(self):",
    '        self.assertEqual(Cart([1]).describe(), "1 items")',
    "",
  ].join("\n"),
};

describe("localize when the failing assertion reads a property", () => {
  it("takes the getter the failing line reads as what the test calls", async () => {
    const root = mkdtempSync(join(tmpdir(), "xihe-getter-reads-"));
    roots.push(root);
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    const run = await execa("python3", ["-m", "unittest", "discover", "-s", "tests", "-t", "."], {
      cwd: root,
      reject: false,
      all: true,
    });
    expect(run.exitCode).not.toBe(0);
    const log = run.all ?? "";
    const { failures } = await diagnose(log, { repoRoot: root });
    const results = localize({
      index: await buildIndex(root, { cache: null }),
      failures,
      logText: log,
      readLines: (path) => readFileSync(join(root, path), "utf8").split("\n"),
    });
    expect(results[0]?.symbol).toBe("Cart.total");
    expect(results[0]!.why.join(" ")).toMatch(
      /test_callee: called by the failing test at tests\/test_cart\.py:9/,
    );
  });
});
