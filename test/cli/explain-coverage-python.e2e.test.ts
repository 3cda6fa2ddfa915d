// `xihe explain --coverage "python3 -m pytest"` through bin/ on a small Python project: Python runs a
// function's decorators and the annotations and defaults of a multi-line signature when the module
// defines it, so every test file that imports the module executes those lines. Only a test file that
// ran the body reaches the function, and only a file pytest collects is a test file. Real git, real
// pytest, the sandbox's Python line tracer.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lines } from "../understanding/make-repo.ts";
import { makeScratchDir } from "../workspace/scratch-dir.ts";

const xiheBin = fileURLToPath(new URL("../../bin/xihe.js", import.meta.url));
let scratch: ReturnType<typeof makeScratchDir>;
beforeAll(() => {
  scratch = makeScratchDir("explain-coverage-python");
});
afterAll(() => scratch.remove());

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.invalid", ...args], {
    cwd,
    encoding: "utf8",
  });

const cart = (total: string, discount: string) =>
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
  );

const files: Record<string, string> = {
  "shop/__init__.py": "",
  "shop/cart.py": cart("sum(prices)", "amount * (1 - (percent or 0) / 100)"),
  "tests/test_total.py": lines(
    "from shop.cart import total",
    "",
    "",
    "def test_total():",
    "    assert total([1, 2]) == 3",
  ),
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

describe("xihe explain --coverage on a Python project", () => {
  it("credits a decorated function and one with a multi-line annotated signature only to the test file that ran its body", async () => {
    const dir = join(scratch.dir, "shop");
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    git(dir, "init", "-q", "-b", "main");
    git(dir, "add", "-A");
    git(dir, "commit", "-qm", "init");
    writeFileSync(join(dir, "shop/cart.py"), cart("sum(prices, 0)", "amount * (100 - (percent or 0)) / 100"));
    git(dir, "commit", "-qam", "exact discount");

    const run = await execa(
      process.execPath,
      [xiheBin, "explain", "--json", "--coverage", "python3 -m pytest"],
      {
        reject: false,
        cwd: dir,
        env: { XIHE_STORE: join(scratch.dir, "xihe.db"), XIHE_WORK_DIR: join(scratch.dir, "work") },
      },
    );
    expect(run.exitCode, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout) as ExplainJson;
    expect(out.coverage).toMatchObject({ status: "ran", testFiles: 2 });
    const reaching = (name: string) =>
      out.symbols.find((s) => s.qualifiedName === name)?.testsReaching.map((t) => [t.path, t.evidence]);
    expect(reaching("total")).toEqual([["tests/test_total.py", "coverage"]]);
    expect(reaching("discount")).toEqual([["tests/test_discount.py", "coverage"]]);
  }, 180_000);
});
