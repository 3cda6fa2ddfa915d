// Small real projects for dynamic localization: the mutation sits in a helper that only the failing
// test's input reaches (a branch), while the test names and calls another function, so static
// signals rank the helper lower. The log is the REAL output of the project's runner on the mutant.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { execa } from "execa";
import { makeScratchDir } from "../../../support/scratch-dir.ts";

export interface SpectrumRepo {
  dir: string;
  log: string;
  command: string;
  expected: { file: string; symbol: string };
  remove: () => void;
}

const jsLib = `export function applyDiscount(total, percent) {
  const off = (total * percent) / 100;
  return roundCents(total - off);
}

export function roundCents(value) {
  const cents = value * 100;
  if (Number.isInteger(cents)) return value;
  return Math.round(cents) / 100;
}

export function formatPrice(value) {
  return "$" + value.toFixed(2);
}
`;

const jsTests = (header: string) => `${header}
test("applyDiscount takes ten percent off a round total", () => {
  assert.equal(applyDiscount(100, 10), 90);
});

test("applyDiscount takes half off", () => {
  assert.equal(applyDiscount(50, 50), 25);
});

test("applyDiscount of zero percent keeps the total", () => {
  assert.equal(applyDiscount(20, 0), 20);
});

test("applyDiscount takes fifteen percent off an odd total", () => {
  assert.equal(applyDiscount(3, 15), 2.55);
});

test("formatPrice shows two decimals", () => {
  assert.equal(formatPrice(3), "$3.00");
});
`;

const pyLib = `def apply_discount(total, percent):
    off = total * percent / 100
    return round_cents(total - off)


def round_cents(value):
    cents = value * 100
    if cents == int(cents):
        return value
    return round(cents) / 100


def format_price(value):
    return "$%.2f" % value
`;

const pyTests = `from shop.pricing import apply_discount, format_price


def test_apply_discount_round_total():
    assert apply_discount(100, 10) == 90


def test_apply_discount_half():
    assert apply_discount(50, 50) == 25


def test_apply_discount_zero():
    assert apply_discount(20, 0) == 20


def test_apply_discount_odd_total():
    assert apply_discount(3, 15) == 2.55


def test_format_price():
    assert format_price(3) == "$3.00"
`;

const unittestTests = `import unittest

from shop.pricing import apply_discount, format_price


class ApplyDiscountTests(unittest.TestCase):
    def test_round_total(self):
        self.assertEqual(apply_discount(100, 10), 90)

    def test_half(self):
        self.assertEqual(apply_discount(50, 50), 25)

    def test_zero(self):
        self.assertEqual(apply_discount(20, 0), 20)

    def test_odd_total(self):
        self.assertEqual(apply_discount(3, 15), 2.55)


class FormatPriceTests(unittest.TestCase):
    def test_two_decimals(self):
        self.assertEqual(format_price(3), "$3.00")
`;

export type SpectrumFlavour = "node_test" | "vitest" | "pytest" | "unittest" | "unittest_discover";

const unittestFiles = {
  "shop/__init__.py": "",
  "shop/pricing.py": pyLib,
  "tests/__init__.py": "",
  "tests/test_pricing.py": unittestTests,
};

const layouts: Record<
  SpectrumFlavour,
  { files: Record<string, string>; command: string; file: string; from: string; to: string }
> = {
  node_test: {
    files: {
      "package.json": `{ "name": "shop", "type": "module", "scripts": { "test": "node --test" } }\n`,
      "src/pricing.js": jsLib,
      "test/pricing.test.js": jsTests(
        `import { test } from "node:test";\nimport assert from "node:assert/strict";\nimport { applyDiscount, formatPrice } from "../src/pricing.js";\n`,
      ),
    },
    command: "node --test",
    file: "src/pricing.js",
    from: "Math.round(cents)",
    to: "Math.floor(cents)",
  },
  vitest: {
    files: {
      "package.json": `{ "name": "shop", "type": "module", "scripts": { "test": "vitest run" } }\n`,
      "src/pricing.js": jsLib,
      "test/pricing.test.js": jsTests(
        `import { test } from "vitest";\nimport assert from "node:assert/strict";\nimport { applyDiscount, formatPrice } from "../src/pricing.js";\n`,
      ),
    },
    command: "npm test",
    file: "src/pricing.js",
    from: "Math.round(cents)",
    to: "Math.floor(cents)",
  },
  pytest: {
    files: { "shop/__init__.py": "", "shop/pricing.py": pyLib, "tests/test_pricing.py": pyTests },
    command: "python3 -m pytest -q tests",
    file: "shop/pricing.py",
    from: "round(cents) / 100",
    to: "int(cents) / 100",
  },
  unittest: {
    files: unittestFiles,
    command: "python3 -m unittest",
    file: "shop/pricing.py",
    from: "round(cents) / 100",
    to: "int(cents) / 100",
  },
  unittest_discover: {
    files: unittestFiles,
    command: "python3 -m unittest discover -s tests -t .",
    file: "shop/pricing.py",
    from: "round(cents) / 100",
    to: "int(cents) / 100",
  },
};

/** Writes the project, applies its mutation, runs its tests on the host and keeps the real log. */
export async function createSpectrumRepo(
  flavour: SpectrumFlavour,
  vitestBin?: string,
): Promise<SpectrumRepo> {
  const scratch = makeScratchDir(`dyn-${flavour}`);
  const layout = layouts[flavour];
  const dir = join(scratch.dir, "shop");
  writeProject(dir, layout.files, vitestBin);
  const text = readFileSync(join(dir, layout.file), "utf8");
  writeFileSync(join(dir, layout.file), text.replace(layout.from, layout.to));
  await execa("git", ["init", "-q"], { cwd: dir });
  await execa("git", ["add", "-A"], { cwd: dir });
  return {
    dir,
    log: await failingLog(dir, hostArgv(flavour, dir)),
    command: layout.command,
    expected: { file: layout.file, symbol: layout.file.endsWith(".py") ? "round_cents" : "roundCents" },
    remove: scratch.remove,
  };
}

/**
 * Writes a project's files into `dir`; with `vitestBin`, a `node_modules/.bin/vitest` that runs it
 * (the project's own vitest, which the sandbox sees read-only).
 */
export function writeProject(dir: string, files: Record<string, string>, vitestBin?: string): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  if (!vitestBin) return;
  mkdirSync(join(dir, "node_modules", ".bin"), { recursive: true });
  writeFileSync(
    join(dir, "node_modules", ".bin", "vitest"),
    `#!/bin/sh\nexec node ${JSON.stringify(vitestBin)} "$@"\n`,
    { mode: 0o755 },
  );
}

/** The real output of the mutant's tests run on the host by `argv`; throws when they pass. */
export async function failingLog(dir: string, argv: readonly string[]): Promise<string> {
  const [program = "", ...args] = argv;
  const run = await execa(program, args, {
    cwd: dir,
    reject: false,
    all: true,
    env: { NO_COLOR: "1", CI: "true" },
  });
  if (run.exitCode === 0) throw new Error(`the mutant's tests passed; the fixture is broken:\n${run.all}`);
  return run.all ?? "";
}

function hostArgv(flavour: SpectrumFlavour, dir: string): string[] {
  if (flavour === "node_test") return [process.execPath, "--test"];
  if (flavour === "vitest") return [join(dir, "node_modules", ".bin", "vitest"), "run"];
  return ["/usr/bin/python3", ...layouts[flavour].command.split(" ").slice(1)];
}
