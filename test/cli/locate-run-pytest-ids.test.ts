// Real pytest runs whose log names a failing test by a node id the short summary prints ambiguously:
// a parametrized id holding ` - ` (which pytest also puts between the id and the message) or ` [`
// (which also starts a subtest's suffix, `test_x [msg]`).
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { locateRunJson, recordedLog } from "./locate-run-json.ts";

const files: Record<string, string> = {
  "shop/__init__.py": "",
  "shop/pricing.py": `def round_cents(value):
    return int(value * 100) / 100


def format_price(value):
    return "$%.2f" % value
`,
  "tests/test_pricing.py": `import pytest

from shop.pricing import format_price, round_cents


@pytest.mark.parametrize(
    "value, want",
    [(2.0, 2.0), (2.555, 2.56)],
    ids=["whole - stays", "odd - rounds up"],
)
def test_round_cents(value, want):
    assert round_cents(value) == want


@pytest.mark.parametrize("value", [1.005], ids=["half [up]"])
def test_round_half(value):
    assert round_cents(value) == 1.01


def test_format_price():
    assert format_price(3) == "$3.00"
`,
};

/** Writes the project, runs its tests on the host and keeps the real log next to it. */
async function project(dir: string, tree: Record<string, string>, flags: string[] = ["-q"]): Promise<string> {
  for (const [path, text] of Object.entries(tree)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  await execa("git", ["init", "-q"], { cwd: dir });
  await execa("git", ["add", "-A"], { cwd: dir });
  const run = await execa("/usr/bin/python3", ["-m", "pytest", ...flags], {
    cwd: dir,
    reject: false,
    all: true,
    env: { NO_COLOR: "1" },
  });
  return run.all ?? "";
}

function locate(dir: string, logFile: string) {
  return locateRunJson(dir, logFile, "/usr/bin/python3 -m pytest -q");
}

describe("xihe locate --run on pytest ids holding ` - ` or ` [`", () => {
  const { dir, logFile } = recordedLog("dyn-pytest-ids", async (dir) => {
    const log = await project(dir, files);
    expect(log).toContain("FAILED tests/test_pricing.py::test_round_cents[odd - rounds up] - ");
    expect(log).toContain("FAILED tests/test_pricing.py::test_round_half[half [up]] - ");
    return log;
  });

  it("re-runs the whole node ids and reproduces the failures", async () => {
    const json = await locate(dir, logFile);
    expect(json.dynamic).toMatchObject({ status: "ranked", reason: null });
    const failing = json.dynamic!.runs.filter((r) => r.expected === "fail");
    const ids = failing.flatMap((r) => r.argv.split(" -q ").slice(1));
    expect(ids.join(" ")).toBe(
      "tests/test_pricing.py::test_round_cents[odd - rounds up] tests/test_pricing.py::test_round_half[half [up]]",
    );
    expect(failing.every((r) => r.exitCode === 1)).toBe(true);
  }, 60_000);
});

describe("xihe locate --run on a pytest log with no short summary (-rN)", () => {
  const { dir, logFile } = recordedLog("dyn-pytest-rn", async (dir) => {
    const log = await project(dir, files, ["-q", "-rN"]);
    expect(log).not.toContain("short test summary info");
    expect(log).toContain("_ test_round_cents[odd - rounds up] _");
    return log;
  });

  it("completes the section titles into node ids with the traceback's test file", async () => {
    const json = await locate(dir, logFile);
    expect(json.dynamic).toMatchObject({ status: "ranked", reason: null });
    const failing = json.dynamic!.runs.filter((r) => r.expected === "fail");
    expect(failing.flatMap((r) => r.argv.split(" -q ").slice(1)).join(" ")).toBe(
      "tests/test_pricing.py::test_round_cents[odd - rounds up] tests/test_pricing.py::test_round_half[half [up]]",
    );
  }, 60_000);
});

// test_second fails only after test_first has run: selected alone it passes, so the re-run takes its
// whole file, and the run says so.
const orderDependent: Record<string, string> = {
  "shop/__init__.py": "",
  "shop/cart.py": `ITEMS = []


def add(item):
    ITEMS.append(item)
    return len(ITEMS)
`,
  "tests/test_cart.py": `from shop.cart import add


def test_first():
    assert add("a") >= 1


def test_second():
    assert add("b") == 1
`,
};

describe("xihe locate --run on a pytest failure that needs the tests before it", () => {
  const { dir, logFile } = recordedLog("dyn-pytest-order", async (dir) => {
    const log = await project(dir, orderDependent);
    expect(log).toContain("FAILED tests/test_cart.py::test_second - ");
    return log;
  });

  it("re-runs the test's whole file when it passes alone, reproduces the failure there and says so", async () => {
    const json = await locate(dir, logFile);
    expect(json.dynamic).toMatchObject({ status: "ranked", reason: null });
    const failing = json.dynamic!.runs.filter((r) => r.expected === "fail");
    expect(failing.map((r) => [r.exitCode, r.retried])).toEqual([
      [
        1,
        "the failing tests passed when run alone: re-ran tests/test_cart.py whole, in case they fail only after the tests before them",
      ],
    ]);
    expect(json.results[0]?.symbol).toBe("add");
  }, 60_000);
});
