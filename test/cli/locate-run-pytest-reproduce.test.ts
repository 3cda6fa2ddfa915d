// Real pytest runs whose failure the re-run did not reproduce before: a module that fails to import
// (pytest stops with exit 2, a collection error), a parametrized id the re-running pytest names
// differently (ids from a CI matrix's environment, or another pytest's duplicate-id suffixes), and a
// class's parametrized id holding `::` named by its section title alone (-rN). Also perception of a
// section title wider than the terminal (`_ title _`).
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { runDiagnoseJson } from "../perception/run-diagnose-json.ts";
import { locateRunJson, recordedLog } from "./locate-run-json.ts";

const pricing = `def round_cents(value):
    return int(value * 10) / 100


def format_price(value):
    return "$%.2f" % value
`;

async function project(
  dir: string,
  tree: Record<string, string>,
  env: Record<string, string> = {},
  flags: string[] = [],
) {
  for (const [path, text] of Object.entries({
    "shop/__init__.py": "",
    "shop/pricing.py": pricing,
    ...tree,
  })) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  await execa("git", ["init", "-q"], { cwd: dir });
  await execa("git", ["add", "-A"], { cwd: dir });
  const run = await execa("/usr/bin/python3", ["-m", "pytest", "-q", "-p", "no:cacheprovider", ...flags], {
    cwd: dir,
    reject: false,
    all: true,
    env: { NO_COLOR: "1", ...env },
  });
  return run.all ?? "";
}

function locate(dir: string, logFile: string, operands = "") {
  return locateRunJson(dir, logFile, `/usr/bin/python3 -m pytest -q -p no:cacheprovider${operands}`);
}

const passingTests = `from shop.pricing import format_price


def test_format_price():
    assert format_price(3) == "$3.00"


def test_format_cents():
    assert format_price(0.5) == "$0.50"
`;

describe("xihe locate --run on a pytest module that fails to import (collection error, exit 2)", () => {
  const { dir, logFile } = recordedLog("dyn-pytest-collect", async (dir) => {
    const log = await project(dir, {
      "tests/test_rounding.py": `from shop.pricing import round_cents

HALF = round_cents(0.5)
assert HALF == 0.5, HALF


def test_half():
    assert HALF == 0.5


def test_whole():
    assert round_cents(2.0) == 2.0


def test_zero():
    assert round_cents(0) == 0


def test_negative():
    assert round_cents(-1.0) == -1.0
`,
      "tests/test_format.py": passingTests,
    });
    expect(log).toContain("ERROR collecting tests/test_rounding.py");
    expect(log).toMatch(/Interrupted: 1 error during collection/);
    return log;
  });

  it("counts the re-run's collection error as the failing execution, passing tests from other files beside it", async () => {
    const json = await locate(dir, logFile);
    expect(json.dynamic).toMatchObject({ status: "ranked", reason: null });
    const failing = json.dynamic!.runs.find((r) => r.expected === "fail")!;
    expect(failing).toMatchObject({ exitCode: 2, used: true });
    const passing = json.dynamic!.runs.find((r) => r.expected === "pass")!;
    expect(passing.argv).not.toContain("test_rounding.py");
    expect(passing).toMatchObject({ exitCode: 0, used: true });
    expect(json.results[0]).toMatchObject({ file: "shop/pricing.py", symbol: "round_cents" });
  }, 60_000);
});

describe("xihe locate --run on a collection error the sandbox alone has (a dependency it lacks)", () => {
  const { dir, logFile } = recordedLog("dyn-pytest-collect-missing", async (dir, scratchDir) => {
    // CI had `shop_extras` (here on PYTHONPATH, outside the checkout) and the module failed on the
    // code's fault; in the sandbox it fails on the missing module instead.
    mkdirSync(join(scratchDir, "extras"), { recursive: true });
    writeFileSync(join(scratchDir, "extras", "shop_extras.py"), "RATE = 1\n");
    const log = await project(
      dir,
      {
        "tests/test_rounding.py": `from shop.pricing import round_cents
import shop_extras

HALF = round_cents(0.5) * shop_extras.RATE
assert HALF == 0.5, HALF


def test_half():
    assert HALF == 0.5
`,
        "tests/test_format.py": passingTests,
      },
      { PYTHONPATH: join(scratchDir, "extras") },
    );
    expect(log).toContain("ERROR collecting tests/test_rounding.py");
    return log;
  });

  it("does not count the re-run's collection error as the failure, and says which module was missing", async () => {
    const json = await locate(dir, logFile);
    const failing = json.dynamic!.runs.find((r) => r.expected === "fail")!;
    expect(failing).toMatchObject({ exitCode: 2, used: false });
    expect(json.dynamic).toMatchObject({
      status: "fallback",
      reason: expect.stringContaining("shop_extras"),
    });
  }, 60_000);
});

describe("xihe locate --run on a pytest test that segfaults", () => {
  const { dir, logFile } = recordedLog("dyn-pytest-segv", async (dir) => {
    const log = await project(dir, {
      "tests/test_rounding.py": `import ctypes

from shop.pricing import round_cents


def test_half():
    round_cents(0.5)
    ctypes.string_at(0)
`,
      "tests/test_format.py": passingTests,
    });
    expect(log).toContain("Fatal Python error: Segmentation fault");
    return log;
  });

  it("says the failing run crashed, not that the filter matched nothing", async () => {
    const json = await locate(dir, logFile);
    expect(json.dynamic).toMatchObject({
      status: "fallback",
      reason: expect.stringMatching(/died on .*SIGSEGV|died on signal 11/),
    });
  }, 60_000);
});

describe("xihe locate --run on a parametrized pytest id the re-run names differently", () => {
  const { dir, logFile } = recordedLog("dyn-pytest-params", async (dir) => {
    // The parameter comes from the CI matrix's environment: the log says `[ci]`, the sandbox `[local]`.
    const log = await project(
      dir,
      {
        "tests/test_rounding.py": `import os

import pytest

from shop.pricing import round_cents


@pytest.mark.parametrize("where", [os.environ.get("SHOP_WHERE", "local")])
def test_round_half(where):
    assert round_cents(0.5) == 0.5
`,
        "tests/test_format.py": passingTests,
      },
      { SHOP_WHERE: "ci" },
    );
    expect(log).toContain("FAILED tests/test_rounding.py::test_round_half[ci] - ");
    return log;
  });

  it("re-runs the whole test function when pytest finds no test by the log's id", async () => {
    const json = await locate(dir, logFile);
    expect(json.dynamic).toMatchObject({ status: "ranked", reason: null });
    const failing = json.dynamic!.runs.find((r) => r.expected === "fail")!;
    expect(failing.argv.endsWith(" tests/test_rounding.py::test_round_half")).toBe(true);
    expect(failing).toMatchObject({ exitCode: 1, used: true });
    expect(failing.note).toContain("tests/test_rounding.py::test_round_half with all parameters");
    expect(json.results[0]).toMatchObject({ file: "shop/pricing.py", symbol: "round_cents" });
  }, 60_000);
});

describe("xihe locate --run on a failing pytest test the sandbox skips", () => {
  const { dir, logFile } = recordedLog("dyn-pytest-skipped", async (dir) => {
    // The failing run had an optional module the sandbox lacks (here: a variable naming it).
    const log = await project(
      dir,
      {
        "tests/test_rounding.py": `import os

import pytest

from shop.pricing import round_cents


@pytest.mark.skipif("SHOP_DECIMAL" not in os.environ, reason="needs the decimal backend")
def test_round_half():
    assert round_cents(0.5) == 0.5
`,
        "tests/test_format.py": passingTests,
      },
      { SHOP_DECIMAL: "1" },
    );
    expect(log).toContain("FAILED tests/test_rounding.py::test_round_half - ");
    return log;
  });

  it("falls back saying pytest skipped them, not that they ran and passed", async () => {
    const json = await locate(dir, logFile);
    expect(json.dynamic?.status).toBe("fallback");
    expect(json.dynamic?.reason).toMatch(/did not reproduce a test failure: pytest skipped them all \(/);
  }, 60_000);
});

describe("xihe locate --run on `pytest tests` beside test files the command does not run", () => {
  const { dir, logFile } = recordedLog("dyn-pytest-operands", async (dir) => {
    // extra/ holds property tests that need a tool this checkout lacks; `pytest tests` never loads them.
    const extra = [1, 2, 3, 4].map((n) => `\n\ndef test_property_${n}():\n    assert True\n`).join("");
    const log = await project(
      dir,
      {
        "extra/test_properties.py": `import hypothesis_tool_not_installed${extra}`,
        "tests/test_rounding.py": `from shop.pricing import round_cents


def test_round_half():
    assert round_cents(0.5) == 0.5
`,
        "tests/test_format.py": passingTests,
      },
      {},
      ["tests"],
    );
    expect(log).toContain("FAILED tests/test_rounding.py::test_round_half - ");
    return log;
  });

  it("samples passing tests only under the paths the command names", async () => {
    const json = await locate(dir, logFile, " tests");
    expect(json.dynamic).toMatchObject({ status: "ranked", reason: null });
    const passing = json.dynamic!.runs.find((r) => r.expected === "pass")!;
    expect(passing.argv).not.toContain("extra/");
    expect(passing).toMatchObject({ exitCode: 0, used: true });
  }, 60_000);
});

describe("xihe locate --run on a -rN log naming a class's parametrized test holding `::`", () => {
  const { dir, logFile } = recordedLog("dyn-pytest-colons", async (dir) => {
    const log = await project(
      dir,
      {
        "tests/test_rounding.py": `import pytest

from shop.pricing import round_cents


class TestRounding:
    @pytest.mark.parametrize("host", ["::1"])
    def test_round_on(self, host):
        assert round_cents(0.5) == 0.5
`,
        "tests/test_format.py": passingTests,
      },
      {},
      ["-rN"],
    );
    expect(log).not.toContain("short test summary info");
    expect(log).toContain("_ TestRounding.test_round_on[::1] _");
    return log;
  });

  it("turns the title's dots into `::` and re-runs the node id", async () => {
    const json = await locate(dir, logFile);
    expect(json.dynamic).toMatchObject({ status: "ranked", reason: null });
    const failing = json.dynamic!.runs.find((r) => r.expected === "fail")!;
    expect(failing.argv.endsWith(" tests/test_rounding.py::TestRounding::test_round_on[::1]")).toBe(true);
    expect(failing).toMatchObject({ exitCode: 1, used: true });
  }, 60_000);
});

describe("xihe diagnose on a pytest section title wider than the terminal", () => {
  const id =
    "tests/test_rounding.py::test_round_url[https://shop.example.com/catalogue/items/42?currency=EUR&rounding=half-up]";
  const { dir, logFile } = recordedLog("diag-pytest-wide", async (dir) => {
    const log = await project(dir, {
      "tests/test_rounding.py": `import pytest

from shop.pricing import round_cents


def test_round_half():
    assert round_cents(0.5) == 0.5


@pytest.mark.parametrize("url", ["https://shop.example.com/catalogue/items/42?currency=EUR&rounding=half-up"])
def test_round_url(url):
    assert round_cents(0.5) == 0.5, url
`,
    });
    // pytest centres the title in one underscore each side when it is wider than the terminal.
    expect(log).toMatch(/^_ test_round_url\[.*\] _$/m);
    return log;
  });

  it("reads the section: the failure's traceback line, not only the summary's id", async () => {
    const { failures } = (await runDiagnoseJson(logFile, ["--repo", dir])).output;
    // Without the wide title its traceback went into the section before it, and the failure had no line.
    expect(failures).toHaveLength(2);
    expect(failures.find((f) => f.test === id)).toMatchObject({ file: "tests/test_rounding.py", line: 12 });
  }, 60_000);
});
