// A stored exception raised again (`raise import_error`, caught when an optional module failed to
// import) prints its history after the raising line: the import's module-level frame and every
// earlier test that raised it. The suites here run for real under unittest; the history must not
// count as this failure's frames, while a handler's `raise e` keeps the frames it came from.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { collectSignals, localize } from "../../../src/understanding/localize/localize.ts";
import { failingRun, unittestDiscover } from "./failing-run.ts";
import { scratchDir } from "../../support/scratch-dir.ts";

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

async function localizeFailingRun(files: Record<string, string>) {
  const root = scratchDir("xihe-stored-exception-");
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const { log, failures, index, readLines } = await failingRun(root, unittestDiscover);
  const input = { index, failures, logText: log, readLines };
  const frames = collectSignals(input).signals.get("stack_frame");
  const frame = (name: string) =>
    frames?.get(index.symbols.find((s) => s.qualifiedName === name)?.id ?? "")?.strength ?? 0;
  return { log, results: localize(input), frame };
}

const tests = (count: number) =>
  [
    "import unittest",
    "",
    "from backends.agg import make_backend",
    "",
    "",
    "class AggTest(unittest.TestCase):",
    ...Array.from({ length: count }, (_, n) => [
      `    def test_simple_${n}(self):`,
      `        self.assertEqual(make_backend('simple', ['${n}']).patterns, ['${n}'])`,
      "",
    ]).flat(),
  ].join("\n");

const storedImportError = {
  "backends/__init__.py": "",
  "backends/base.py": [
    "try:",
    "    import fastmatch_not_installed_anywhere",
    "    import_error = None",
    "except ModuleNotFoundError as error:",
    "    import_error = error",
    "",
  ].join("\n"),
  "backends/fast.py": [
    "from .base import import_error",
    "",
    "",
    "class FastBackend:",
    "    def __init__(self, patterns):",
    "        if import_error is not None:",
    "            raise import_error",
    "        self.patterns = patterns",
    "",
  ].join("\n"),
};

// make_backend's inverted check picks the backend whose optional module is missing.
const agg = [
  "from .fast import FastBackend",
  "",
  "",
  "class SimpleBackend:",
  "    def __init__(self, patterns):",
  "        self.patterns = list(patterns)",
  "",
  "",
  "def make_backend(name, patterns):",
  "    if name != 'fast':",
  "        return FastBackend(patterns)",
  "    return SimpleBackend(patterns)",
  "",
].join("\n");

describe("localize when a stored exception is raised again", () => {
  it("ends the traceback at the re-raise: the import's module-level frame is history", async () => {
    const { results } = await localizeFailingRun({
      ...storedImportError,
      "backends/agg.py": agg,
      "tests/__init__.py": "",
      "tests/test_agg.py": tests(1),
    });
    const why = (symbol: string) => results.find((r) => r.symbol === symbol)?.why.join(" ") ?? "";
    expect(why("FastBackend.__init__")).toMatch(/stack_frame: innermost at backends\/fast\.py:7/);
    expect(why("make_backend")).toMatch(/stack_frame: backends\/agg\.py:11 \(depth 1\)/);
  });

  it("leaves out the earlier tests a stored exception carries along", async () => {
    const run = (count: number) =>
      localizeFailingRun({
        ...storedImportError,
        "backends/agg.py": agg,
        "tests/__init__.py": "",
        "tests/test_agg.py": tests(count),
      });
    const one = await run(1);
    const three = await run(3);
    // Later failures' printed tracebacks go on into the first test's frames after the raise.
    expect(three.log).toMatch(/raise import_error\n[^\n]*unittest\/case\.py/);
    // Each failure is its own traceback only: three of them weigh the frames as one does.
    for (const name of ["FastBackend.__init__", "make_backend"]) {
      expect(three.frame(name)).toBeGreaterThan(0);
      expect(three.frame(name)).toBeCloseTo(one.frame(name));
    }
  });

  it("keeps a handler's re-raise whole: the frames after it are where the error came from", async () => {
    const { results } = await localizeFailingRun({
      "backends/__init__.py": "",
      "backends/fast.py": [
        "def compile_all(patterns):",
        "    return [len(p) // 0 for p in patterns]",
        "",
        "",
        "class FastBackend:",
        "    def __init__(self, patterns):",
        "        try:",
        "            self.patterns = compile_all(patterns)",
        "        except ZeroDivisionError as error:",
        "            raise error",
        "",
      ].join("\n"),
      "backends/agg.py": agg,
      "tests/__init__.py": "",
      "tests/test_agg.py": tests(2),
    });
    expect(results[0]?.symbol).toBe("compile_all");
    expect(results[0]?.why.join(" ")).toMatch(/stack_frame: innermost at backends\/fast\.py:2/);
  });
});
