// `xihe explain --coverage` through bin/ on small projects, where the code that defines a function
// runs in every test file that loads its module: Python runs a function's decorators and the
// annotations and defaults of a multi-line signature then, and a one-line JavaScript function shares
// its line with the module code that defines it. Only a test file that ran the body reaches the
// function, and only a file the runner runs as tests (pytest collects it) is a test file; a test
// using a conftest fixture loads what the conftest imports. Real git,
// real pytest and node --test, the sandbox's Python line tracer and V8 coverage.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lines } from "../understanding/make-repo.ts";
import { makeScratchDir } from "../support/scratch-dir.ts";

const xiheBin = fileURLToPath(new URL("../../bin/xihe.js", import.meta.url));
let scratch: ReturnType<typeof makeScratchDir>;
beforeAll(() => {
  scratch = makeScratchDir("explain-coverage-definitions");
});
afterAll(() => scratch.remove());

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.invalid", ...args], {
    cwd,
    encoding: "utf8",
  });

const cart = (total: string, discount: string, error: string) =>
  lines(
    "import functools",
    "from typing import Optional",
    "",
    "",
    "def logged(fn):",
    "    @functools.wraps(fn)",
    "    def wrapper(*args, **kwargs):",
    "        return fn(*args, **kwargs)",
    "",
    "    return wrapper",
    "",
    "",
    "@logged",
    "def total(prices):",
    `    return ${total}`,
    "",
    "",
    "def discount(",
    "    amount: float,",
    "    percent: Optional[float] = None,",
    ") -> float:",
    `    return ${discount}`,
    "",
    "",
    "class CartError(Exception):",
    `    """${error}"""`,
    "    pass",
  );

const pythonFiles: Record<string, string> = {
  "shop/__init__.py": "",
  "shop/cart.py": cart("sum(prices)", "amount * (1 - (percent or 0) / 100)", "A bad cart."),
  "tests/test_total.py": lines(
    "from shop.cart import total",
    "",
    "",
    "def test_total():",
    "    assert total([1, 2]) == 3",
  ),
  // A test that reaches total only through a conftest fixture: it imports nothing of shop.
  "tests/conftest.py": lines(
    "import pytest",
    "from shop.cart import total",
    "",
    "",
    "@pytest.fixture",
    "def basket_total():",
    "    return total([2, 2])",
  ),
  "tests/test_basket.py": lines("def test_basket(basket_total):", "    assert basket_total == 4"),
  // A helper module pytest does not collect: what its import runs is no test's doing.
  "tests/prices.py": lines("from shop.cart import discount", "", "SALE = discount(20, 10)"),
  "tests/test_discount.py": lines(
    "from shop.cart import discount",
    "",
    "",
    "def test_discount():",
    "    assert discount(10, 50) == 5",
  ),
};

interface ExplainJson {
  symbols: { qualifiedName: string; testsReaching: { path: string; evidence: string }[] }[];
  coverage: { status: string; testFiles: number };
}

/** Commits `files`, then `change` on top, and explains the change with coverage. */
async function explainWithCoverage(
  name: string,
  files: Record<string, string>,
  change: Record<string, string>,
  command: string,
): Promise<ExplainJson> {
  const dir = join(scratch.dir, name);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  git(dir, "init", "-q", "-b", "main");
  git(dir, "add", "-A");
  git(dir, "commit", "-qm", "init");
  for (const [path, text] of Object.entries(change)) writeFileSync(join(dir, path), text);
  git(dir, "commit", "-qam", "change");
  const run = await execa(process.execPath, [xiheBin, "explain", "--json", "--coverage", command], {
    reject: false,
    cwd: dir,
    env: { XIHE_STORE: join(scratch.dir, "xihe.db"), XIHE_WORK_DIR: join(scratch.dir, "work") },
  });
  expect(run.exitCode, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as ExplainJson;
}

const reaching = (out: ExplainJson, name: string) =>
  out.symbols.find((s) => s.qualifiedName === name)?.testsReaching.map((t) => [t.path, t.evidence]);

const jsTest = (name: string, call: string) =>
  lines(
    'import { test } from "node:test";',
    'import assert from "node:assert/strict";',
    `import { ${name} } from "../src/math.js";`,
    `test("${name}", () => assert.equal(${call}, 6));`,
  );

describe("xihe explain --coverage: the code defining a function is not its body", () => {
  it("credits a decorated Python function and one with a multi-line annotated signature only to the test file that ran its body, and a class without methods to none by coverage", async () => {
    const out = await explainWithCoverage(
      "shop",
      pythonFiles,
      {
        "shop/cart.py": cart(
          "sum(prices, 0)",
          "amount * (100 - (percent or 0)) / 100",
          "A cart that cannot be priced.",
        ),
      },
      "python3 -m pytest",
    );
    expect(out.coverage).toMatchObject({ status: "ran", testFiles: 4 });
    expect(reaching(out, "total")).toEqual([
      ["tests/test_basket.py", "coverage"],
      ["tests/test_total.py", "coverage"],
    ]);
    expect(reaching(out, "discount")).toEqual([["tests/test_discount.py", "coverage"]]);
    // A class without methods runs only its body, on import: coverage cannot tell, the call graph
    // (no test names it) answers.
    expect(reaching(out, "CartError")).toEqual([]);
  }, 180_000);

  it("runs a test inside a Python package that imports nothing of it: loading the test loads the package's __init__, which runs the changed function", async () => {
    const table = (step: string) =>
      lines("def build():", `    return [n * ${step} for n in range(4)]`, "", "", "TABLE = build()");
    const out = await explainWithCoverage(
      "inpackage",
      {
        "calc/__init__.py": lines("from calc.table import TABLE"),
        "calc/table.py": table("2"),
        "calc/tests/__init__.py": "",
        "calc/tests/test_words.py": lines(
          "import unittest",
          "",
          "",
          "class Words(unittest.TestCase):",
          "    def test_upper(self):",
          "        self.assertEqual('a'.upper(), 'A')",
        ),
      },
      { "calc/table.py": table("3") },
      "python3 -m pytest",
    );
    expect(out.coverage).toMatchObject({ status: "ran", testFiles: 1 });
    expect(reaching(out, "build")).toEqual([["calc/tests/test_words.py", "coverage"]]);
  }, 180_000);

  it("credits a one-line JavaScript function only to the test file that called it", async () => {
    const math = (double: string, triple: string) =>
      lines(`export const double = (x) => ${double};`, `export function triple(x) { return ${triple}; }`);
    const out = await explainWithCoverage(
      "math",
      {
        "package.json": JSON.stringify({ name: "math", version: "1.0.0", type: "module" }),
        "src/math.js": math("x * 2", "x * 3"),
        "test/double.test.js": jsTest("double", "double(3)"),
        "test/triple.test.js": jsTest("triple", "triple(2)"),
      },
      { "src/math.js": math("x + x", "x + x + x") },
      "node --test",
    );
    expect(out.coverage).toMatchObject({ status: "ran", testFiles: 2 });
    expect(reaching(out, "double")).toEqual([["test/double.test.js", "coverage"]]);
    expect(reaching(out, "triple")).toEqual([["test/triple.test.js", "coverage"]]);
  }, 180_000);
});
