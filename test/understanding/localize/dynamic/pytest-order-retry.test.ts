// Real pytest on a test that fails only after the test before it in its file (an lru_cache that does
// not tell 1 from 1.0): run alone it passes, so the re-run goes again with its whole file.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import {
  filteredArgv,
  type TestTarget,
} from "../../../../src/understanding/localize/dynamic/filtered-argv.ts";
import { pytestRetryTargets } from "../../../../src/understanding/localize/dynamic/pytest-retry-targets.ts";
import { makeScratchDir } from "../../../support/scratch-dir.ts";
import { hostHasPytest } from "../../../support/host-python.ts";

const cacheTests = `from functools import lru_cache


@lru_cache(maxsize=None, typed=False)
def describe(value, unit):
    return f"{type(value).__name__} {unit}"


def test_int_describe():
    assert describe(1, "m") == "int m"


def test_float_describe():
    assert describe(1.0, "m") == "float m"
`;

let scratch: ReturnType<typeof makeScratchDir> | undefined;
afterEach(() => scratch?.remove());

function project(): string {
  scratch = makeScratchDir("pytest-order");
  mkdirSync(join(scratch.dir, "tests"));
  writeFileSync(join(scratch.dir, "tests", "test_cache.py"), cacheTests);
  writeFileSync(
    join(scratch.dir, "tests", "test_skip.py"),
    'import pytest\n\n\n@pytest.mark.skip(reason="never")\ndef test_skipped():\n    assert False\n',
  );
  return scratch.dir;
}

const command = ["python3", "-m", "pytest", "-p", "no:cacheprovider", "-q", "tests"];
async function pytest(dir: string, targets: readonly TestTarget[]) {
  const argv = filteredArgv("pytest", command, targets)!;
  const run = await execa(argv[0]!, argv.slice(1), {
    cwd: dir,
    reject: false,
    env: { PYTHONDONTWRITEBYTECODE: "1" },
  });
  return { exitCode: run.exitCode ?? null, output: `${run.stdout}\n${run.stderr}` };
}

describe.skipIf(!hostHasPytest())("a failing pytest test that passes alone", () => {
  it("is re-run with its whole file, where it fails again, and that run is not retried", async () => {
    const dir = project();
    const failing: TestTarget = {
      name: "test_float_describe",
      file: "tests/test_cache.py",
      nodeId: "tests/test_cache.py::test_float_describe",
    };
    const alone = await pytest(dir, [failing]);
    expect(alone.exitCode).toBe(0);
    const retry = pytestRetryTargets("fail", [failing], alone.exitCode, alone.output, []);
    expect(retry?.targets).toEqual([{ name: null, file: "tests/test_cache.py" }]);
    const whole = await pytest(dir, retry!.targets);
    expect(whole.exitCode).toBe(1);
    expect(whole.output).toContain("FAILED tests/test_cache.py::test_float_describe");
    // The whole file's run that passes again is not retried once more.
    expect(pytestRetryTargets("fail", retry!.targets, 0, "2 passed in 0.01s", [])).toBeNull();
  }, 60_000);

  it("is not re-run when pytest skipped it, nor for a sampled passing batch", async () => {
    const dir = project();
    const skipped: TestTarget = {
      name: "test_skipped",
      file: "tests/test_skip.py",
      nodeId: "tests/test_skip.py::test_skipped",
    };
    const run = await pytest(dir, [skipped]);
    expect(run.exitCode).toBe(0);
    expect(pytestRetryTargets("fail", [skipped], run.exitCode, run.output, [])).toBeNull();
    const passing = await pytest(dir, [
      {
        ...skipped,
        name: "test_int_describe",
        file: "tests/test_cache.py",
        nodeId: "tests/test_cache.py::test_int_describe",
      },
    ]);
    expect(pytestRetryTargets("pass", [skipped], passing.exitCode, passing.output, [])).toBeNull();
  }, 60_000);
});
