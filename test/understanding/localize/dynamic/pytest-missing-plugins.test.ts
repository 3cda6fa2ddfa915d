// Real pytest on real config files: the first run stops with its usage error, the overrides chosen
// from that output make the second run reach the tests.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { execa } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import {
  configAddopts,
  overrideArgs,
  pluginOptionsRetry,
  type IniOverrides,
} from "../../../../src/understanding/localize/dynamic/pytest-missing-plugins.ts";
import { makeScratchDir } from "../../../support/scratch-dir.ts";
import { hostHasPytest, hostPythonImports } from "../../../support/host-python.ts";

const canRun = hostHasPytest() && !hostPythonImports("pytest_cov") && !hostPythonImports("xdist");

let scratch: ReturnType<typeof makeScratchDir> | undefined;
afterEach(() => scratch?.remove());

function project(files: Record<string, string>): string {
  scratch = makeScratchDir("pytest-plugins");
  const dir = scratch.dir;
  const all = { "tests/test_sum.py": "def test_sum():\n    assert sum([1, 2]) == 3\n", ...files };
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const pytest = (dir: string, extra: string[] = []) =>
  execa("python3", ["-m", "pytest", "-p", "no:cacheprovider", "tests", ...extra], {
    cwd: dir,
    reject: false,
    env: { PYTHONDONTWRITEBYTECODE: "1" },
  });

// What runWithCoverage does: retry with the overrides while pytest's usage error names them.
async function runWithRetries(dir: string) {
  const readText = (file: string) => readFileSync(join(dir, file), "utf8");
  let overrides: IniOverrides = {};
  const notes: string[] = [];
  let run = await pytest(dir);
  const first = run.exitCode;
  for (let i = 0; i < 2 && run.exitCode === 4; i++) {
    const next = pluginOptionsRetry(`${run.stdout}\n${run.stderr}`, dir, readText, overrides);
    if (next === null) break;
    overrides = next.overrides;
    notes.push(next.note);
    run = await pytest(dir, overrideArgs(overrides));
  }
  return { first, last: run.exitCode, overrides, notes };
}

describe.skipIf(!canRun)("pluginOptionsRetry with real pytest", () => {
  it("leaves setup.cfg's plugin options and their values out, keeping pytest's own", async () => {
    const dir = project({
      "setup.cfg":
        "[flake8]\nmax-line-length = 100\n\n[tool:pytest]\naddopts =\n    --cov=ledger --cov-report term-missing\n    -n auto --strict-markers\n",
    });
    const result = await runWithRetries(dir);
    expect(result).toMatchObject({ first: 4, last: 0, overrides: { addopts: "--strict-markers" } });
    expect(result.notes).toEqual([
      "setup.cfg addopts name options of plugins that are not installed (--cov=ledger --cov-report term-missing -n auto): the run leaves them out",
    ]);
  }, 60_000);

  it("overrides required_plugins, then addopts, from pyproject.toml's array form", async () => {
    const dir = project({
      "pyproject.toml":
        '[tool.pytest.ini_options]\nrequired_plugins = ["pytest-cov>=4"]\naddopts = ["--cov=ledger", "-ra", "-k", "not slow"]\n',
    });
    const result = await runWithRetries(dir);
    expect(result).toMatchObject({
      first: 4,
      last: 0,
      overrides: { required_plugins: "", addopts: "-ra -k 'not slow'" },
    });
    expect(result.notes).toHaveLength(2);
  }, 60_000);

  it("gives up when the unknown option is the command's own, not the config's", async () => {
    const dir = project({ "pytest.ini": "[pytest]\naddopts = -ra\n" });
    const run = await pytest(dir, ["--cov=ledger"]);
    expect(run.exitCode).toBe(4);
    const readText = (file: string) => readFileSync(join(dir, file), "utf8");
    expect(pluginOptionsRetry(`${run.stdout}\n${run.stderr}`, dir, readText)).toBeNull();
  }, 60_000);
});

describe("configAddopts", () => {
  it("reads tox.ini's [pytest], setup.cfg's [tool:pytest] and pyproject's string form, as pytest splits them", () => {
    expect(
      configAddopts("tox.ini", "[tox]\nenvlist = py3\n\n[pytest]\naddopts = -ra\n  --tb=short\n"),
    ).toEqual(["-ra", "--tb=short"]);
    expect(configAddopts("setup.cfg", "[pytest]\naddopts = -x\n")).toBeNull();
    expect(
      configAddopts("pyproject.toml", "[tool.pytest.ini_options]\naddopts = \"-ra -m 'not slow'\"\n"),
    ).toEqual(["-ra", "-m", "not slow"]);
  });
});
