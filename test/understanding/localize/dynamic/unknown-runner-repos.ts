// Small real projects whose test command is a runner xihe does not know: a `node test/run.js` script
// printing TAP-ish lines over plain asserts, and a `python3 test_pricing.py` script. The mutation sits
// in a helper the failing check reaches through a lookup table (no static call edge); beside it, a
// function no check calls is named like the failing check, so static ranking puts it above the helper.
// The log is the REAL output of the script on the mutant.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { execa } from "execa";
import { makeScratchDir } from "../../../support/scratch-dir.ts";

// python_unittest_script: a test module run as a script (`unittest.main()`), which the Python tracer's
// TestCase hook still splits into tests.
export type UnknownRunnerFlavour = "node_script" | "python_script" | "python_unittest_script";

export interface UnknownRunnerRepo {
  dir: string;
  log: string;
  command: string;
  /** The mutated helper, and the function no test runs that static ranking puts above it. */
  expected: { file: string; symbol: string };
  unexecuted: { file: string; symbol: string };
  remove: () => void;
}

const jsLib = `export function applyDiscount(total, percent) {
  const off = (total * percent) / 100;
  return rounding.cents(total - off);
}

// The old checkout's rule, kept for its importers; no check calls it.
export function applyDiscountOddTotal(total, percent) {
  const discount = Math.floor(total * percent) / 100;
  return total - discount;
}

export function roundCents(value) {
  const cents = value * 100;
  if (Number.isInteger(cents)) return value;
  return Math.round(cents) / 100;
}

export function formatPrice(value) {
  return "$" + value.toFixed(2);
}

const rounding = { cents: roundCents };
`;

const jsRunner = `import assert from "node:assert/strict";
import { applyDiscount, formatPrice } from "../src/pricing.js";

const checks = [
  ["applyDiscount takes ten percent off a round total", () => assert.equal(applyDiscount(100, 10), 90)],
  ["applyDiscount takes half off", () => assert.equal(applyDiscount(50, 50), 25)],
  ["applyDiscount takes fifteen percent off an odd total", () => assert.equal(applyDiscount(3, 15), 2.55)],
  ["formatPrice shows two decimals", () => assert.equal(formatPrice(3), "$3.00")],
];

console.log("TAP version 13");
let failed = 0;
for (const [i, [name, check]] of checks.entries()) {
  try {
    check();
    console.log("ok " + (i + 1) + " - " + name);
  } catch (err) {
    failed++;
    console.log("not ok " + (i + 1) + " - " + name);
    for (const line of String(err.stack).split("\\n")) console.log("  # " + line);
  }
}
console.log("1.." + checks.length);
process.exitCode = failed > 0 ? 1 : 0;
`;

const pyLib = `def apply_discount(total, percent):
    off = total * percent / 100
    return ROUNDING["cents"](total - off)


# The old checkout's rule, kept for its importers; no check calls it.
def apply_discount_odd_total(total, percent):
    discount = int(total * percent) / 100
    return total - discount


def round_cents(value):
    cents = value * 100
    if cents == int(cents):
        return value
    return round(cents) / 100


def format_price(value):
    return "$%.2f" % value


ROUNDING = {"cents": round_cents}
`;

const pyRunner = `import sys
import traceback

from shop.pricing import apply_discount, format_price


def check_round_total():
    assert apply_discount(100, 10) == 90


def check_half():
    assert apply_discount(50, 50) == 25


def check_odd_total():
    assert apply_discount(3, 15) == 2.55


def check_format_price():
    assert format_price(3) == "$3.00"


failed = 0
for check in [check_round_total, check_half, check_odd_total, check_format_price]:
    try:
        check()
        print("ok", check.__name__)
    except AssertionError:
        failed += 1
        print("FAILED", check.__name__)
        traceback.print_exc(file=sys.stdout)
sys.exit(1 if failed else 0)
`;

const pyUnittestScript = `import unittest

from shop.pricing import apply_discount, format_price


class ApplyDiscountTests(unittest.TestCase):
    def test_round_total(self):
        self.assertEqual(apply_discount(100, 10), 90)

    def test_half(self):
        self.assertEqual(apply_discount(50, 50), 25)

    def test_odd_total(self):
        self.assertEqual(apply_discount(3, 15), 2.55)


class FormatPriceTests(unittest.TestCase):
    def test_two_decimals(self):
        self.assertEqual(format_price(3), "$3.00")


if __name__ == "__main__":
    unittest.main()
`;

const layouts: Record<
  UnknownRunnerFlavour,
  {
    files: Record<string, string>;
    command: string;
    host: string[];
    file: string;
    from: string;
    to: string;
    symbols: { expected: string; unexecuted: string };
  }
> = {
  node_script: {
    files: {
      "package.json": `{ "name": "shop", "type": "module", "scripts": { "test": "node test/run.js" } }\n`,
      "src/pricing.js": jsLib,
      "test/run.js": jsRunner,
    },
    command: "npm test",
    host: [process.execPath, "test/run.js"],
    file: "src/pricing.js",
    from: "Math.round(cents)",
    to: "Math.floor(cents)",
    symbols: { expected: "roundCents", unexecuted: "applyDiscountOddTotal" },
  },
  python_script: {
    files: {
      "shop/__init__.py": "",
      "shop/pricing.py": pyLib,
      "test_pricing.py": pyRunner,
    },
    command: "python3 test_pricing.py",
    host: ["/usr/bin/python3", "test_pricing.py"],
    file: "shop/pricing.py",
    from: "round(cents) / 100",
    to: "int(cents) / 100",
    symbols: { expected: "round_cents", unexecuted: "apply_discount_odd_total" },
  },
  python_unittest_script: {
    files: { "shop/__init__.py": "", "shop/pricing.py": pyLib, "test_pricing.py": pyUnittestScript },
    command: "python3 test_pricing.py",
    host: ["/usr/bin/python3", "test_pricing.py"],
    file: "shop/pricing.py",
    from: "round(cents) / 100",
    to: "int(cents) / 100",
    symbols: { expected: "round_cents", unexecuted: "apply_discount_odd_total" },
  },
};

/** Writes the project, applies its mutation, runs its script on the host and keeps the real log. */
export async function createUnknownRunnerRepo(flavour: UnknownRunnerFlavour): Promise<UnknownRunnerRepo> {
  const scratch = makeScratchDir(`dyn-${flavour}`);
  const layout = layouts[flavour];
  const dir = join(scratch.dir, "shop");
  for (const [path, text] of Object.entries(layout.files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const text = readFileSync(join(dir, layout.file), "utf8");
  writeFileSync(join(dir, layout.file), text.replace(layout.from, layout.to));
  await execa("git", ["init", "-q"], { cwd: dir });
  await execa("git", ["add", "-A"], { cwd: dir });
  const [program = "", ...args] = layout.host;
  const run = await execa(program, args, { cwd: dir, reject: false, all: true, env: { NO_COLOR: "1" } });
  if (run.exitCode === 0) throw new Error(`the mutant's checks passed; the fixture is broken:\n${run.all}`);
  return {
    dir,
    log: `$ ${layout.command}\n${run.all ?? ""}`,
    command: layout.command,
    expected: { file: layout.file, symbol: layout.symbols.expected },
    unexecuted: { file: layout.file, symbol: layout.symbols.unexecuted },
    remove: scratch.remove,
  };
}
