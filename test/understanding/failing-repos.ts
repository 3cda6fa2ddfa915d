// Small real repositories for localization tests: a library, its tests, one injected mutation, and
// the REAL log of running the repository's own test runner on the mutant (node --test, unittest).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { execa } from "execa";
import { scratchDir } from "../support/scratch-dir.ts";

export interface FailingRepo {
  dir: string;
  /** Removes the repository and its log (call in afterAll/afterEach). */
  remove: () => void;
  logFile: string;
  log: string;
  /** The mutated function and the mutated line. */
  expected: { file: string; symbol: string; line: number };
}

const jsFiles: Record<string, string> = {
  "package.json": `{ "name": "shop", "type": "module", "scripts": { "test": "node --test" } }\n`,
  "src/cart.js": `import { roundCents } from "./money.js";

/** Sum of price times quantity over the cart's lines. */
export function cartTotal(cart) {
  let sum = 0;
  for (const line of cart.lines) sum += line.price * line.quantity;
  return roundCents(sum);
}

export function addLine(cart, item, quantity) {
  const existing = cart.lines.find((l) => l.sku === item.sku);
  if (existing) existing.quantity += quantity;
  else cart.lines.push({ sku: item.sku, price: item.price, quantity });
  return cart;
}

export function removeLine(cart, sku) {
  cart.lines = cart.lines.filter((l) => l.sku !== sku);
  return cart;
}
`,
  "src/money.js": `export function roundCents(value) {
  return Math.round(value * 100) / 100;
}

export function formatPrice(value, currency) {
  return currency + " " + roundCents(value).toFixed(2);
}

export function applyDiscount(value, percent) {
  if (percent < 0 || percent > 100) throw new RangeError("percent must be within 0..100");
  return roundCents(value - (value * percent) / 100);
}
`,
  "test/cart.test.js": `import { test } from "node:test";
import assert from "node:assert/strict";
import { addLine, cartTotal, removeLine } from "../src/cart.js";

test("cart total multiplies price by quantity", () => {
  const cart = { lines: [] };
  addLine(cart, { sku: "a", price: 2.5 }, 2);
  addLine(cart, { sku: "b", price: 1 }, 3);
  assert.equal(cartTotal(cart), 8);
});

test("remove line drops the sku", () => {
  const cart = addLine({ lines: [] }, { sku: "a", price: 1 }, 1);
  assert.deepEqual(removeLine(cart, "a").lines, []);
});
`,
  "test/money.test.js": `import { test } from "node:test";
import assert from "node:assert/strict";
import { applyDiscount, formatPrice } from "../src/money.js";

test("format price with currency", () => {
  assert.equal(formatPrice(3, "EUR"), "EUR 3.00");
});

test("apply discount takes the percentage off", () => {
  assert.equal(applyDiscount(50, 10), 45);
});
`,
};

const pyFiles: Record<string, string> = {
  "shop/__init__.py": "",
  "shop/pricing.py": `"""Prices, discounts and taxes."""


def round_cents(value):
    return round(value * 100) / 100


def apply_discount(value, percent):
    """Takes percent off value."""
    if percent < 0 or percent > 100:
        raise ValueError("percent must be within 0..100")
    return round_cents(value - value * percent / 100)


def add_tax(value, rate):
    return round_cents(value * (1 + rate))


def parse_price(text):
    digits = text.strip().lstrip("$")
    return float(digits)
`,
  "tests/__init__.py": "",
  "tests/test_pricing.py": `import unittest

from shop.pricing import add_tax, apply_discount, parse_price


class PricingTest(unittest.TestCase):
    def test_apply_discount(self):
        self.assertEqual(apply_discount(50, 10), 45)

    def test_add_tax(self):
        self.assertEqual(add_tax(100, 0.2), 120)

    def test_parse_price(self):
        self.assertEqual(parse_price(" $3.50 "), 3.5)


if __name__ == "__main__":
    unittest.main()
`,
};

function write(dir: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

/** Replaces `from` by `to` in one file (exactly once) and returns the 1-based line it was on. */
function mutate(dir: string, file: string, from: string, to: string): number {
  const text = readFileSync(join(dir, file), "utf8");
  const at = text.indexOf(from);
  if (at < 0 || text.indexOf(from, at + 1) >= 0)
    throw new Error(`mutation site not unique in ${file}: ${from}`);
  writeFileSync(join(dir, file), text.slice(0, at) + to + text.slice(at + from.length));
  return text.slice(0, at).split("\n").length;
}

async function runAndCapture(
  dir: string,
  command: string,
  args: string[],
): Promise<{ log: string; logFile: string }> {
  const result = await execa(command, args, { cwd: dir, reject: false, all: true, env: { NO_COLOR: "1" } });
  if (result.exitCode === 0)
    throw new Error(`the mutant's tests passed; the fixture is broken:\n${result.all}`);
  const log = result.all ?? "";
  const logFile = join(dir, "..", `${dir.split("/").pop()}.log`);
  writeFileSync(logFile, log);
  return { log, logFile };
}

/** `cartTotal` adds instead of multiplying: an assertion failure whose frames are all in the test. */
export async function createFailingJsRepo(): Promise<FailingRepo> {
  const root = scratchDir("xihe-locate-");
  const dir = join(root, "shop");
  write(dir, jsFiles);
  const line = mutate(dir, "src/cart.js", "line.price * line.quantity", "line.price + line.quantity");
  const run = await runAndCapture(dir, process.execPath, ["--test"]);
  return {
    dir,
    remove: () => rmSync(root, { recursive: true, force: true }),
    ...run,
    expected: { file: "src/cart.js", symbol: "cartTotal", line },
  };
}

/** `apply_discount` compares the wrong way round: a ValueError raised inside the library. */
export async function createFailingPythonRepo(): Promise<FailingRepo> {
  const root = scratchDir("xihe-locate-");
  const dir = join(root, "shop");
  write(dir, pyFiles);
  const line = mutate(dir, "shop/pricing.py", "percent < 0 or percent > 100", "percent > 0 or percent > 100");
  const run = await runAndCapture(dir, "python3", ["-m", "unittest", "discover", "-s", "tests", "-t", "."]);
  return {
    dir,
    remove: () => rmSync(root, { recursive: true, force: true }),
    ...run,
    expected: { file: "shop/pricing.py", symbol: "apply_discount", line },
  };
}
