// `xihe locate --run` and `xihe explain --coverage` through bin/ on Python projects whose install cannot succeed: the package index
// they name does not answer (a closed port on 127.0.0.1 as PIP_INDEX_URL, as offline), so the install
// phase fails with `registry_unreachable` and the tests run with the sandbox's own python3 and pytest.
// A src layout or a plain tests/ folder still imports the project (its import root goes on sys.path),
// pytest config that needs missing plugins is overridden for the runs and the evidence says so, and a
// runtime dependency the code really imports ends in a fallback that names it, not in a ranking.
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { execa } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import {
  createOfflinePythonRepo,
  type OfflinePythonOptions,
  type OfflinePythonRepo,
} from "../understanding/localize/dynamic/offline-python-repos.ts";
import { closedPort } from "../support/closed-port.ts";

const xiheBin = fileURLToPath(new URL("../../bin/xihe.js", import.meta.url));
let repo: OfflinePythonRepo | undefined;
afterEach(() => repo?.remove());

interface LocateJson {
  results: { file: string; symbol: string }[];
  dynamic: {
    status: string;
    reason: string | null;
    install: { status: string; code: string | null };
    runs: { argv: string; used: boolean; note?: string }[];
  };
}

async function locateRun(options: OfflinePythonOptions, command: string) {
  repo = await createOfflinePythonRepo(options);
  const logFile = join(repo.dir, "..", "ci.log");
  writeFileSync(logFile, repo.log);
  const run = await execa(
    process.execPath,
    [xiheBin, "locate", "--repo", repo.dir, "--log", logFile, "--json", "--run", command],
    {
      reject: false,
      cwd: join(repo.dir, ".."),
      env: {
        PIP_INDEX_URL: `http://127.0.0.1:${await closedPort()}/simple`,
        XIHE_WORK_DIR: join(repo.dir, "..", "work"),
        XDG_CACHE_HOME: join(repo.dir, "..", "cache"),
      },
    },
  );
  expect(run.exitCode, run.stderr).toBe(0);
  return { json: JSON.parse(run.stdout) as LocateJson, err: run.stderr };
}

const requirements = "pytest>=7\npytest-cov\npytest-xdist\nflake8\n";

describe("xihe locate --run on a Python project whose install cannot reach its index", () => {
  it("runs a src layout's tests with the package importable and setup.cfg's plugin addopts left out", async () => {
    const { json, err } = await locateRun(
      {
        layout: "src",
        testsPackage: false,
        files: {
          "requirements.txt": requirements,
          "setup.cfg":
            "[metadata]\nname = ledger\n\n[options]\npackage_dir =\n    =src\n\n[tool:pytest]\naddopts = --cov=ledger --cov-report=term-missing -n auto --strict-markers\n",
        },
      },
      "pytest tests",
    );
    expect(json.dynamic.install).toMatchObject({ status: "failed", code: "registry_unreachable" });
    expect(json.dynamic).toMatchObject({ status: "ranked", reason: null });
    expect(json.results[0]).toMatchObject({ file: "src/ledger/money.py", symbol: "discount" });
    expect(err).toMatch(
      /setup\.cfg addopts name options of plugins that are not installed \(--cov=ledger --cov-report=term-missing -n auto\)/,
    );
    // --strict-markers, an option of pytest itself, stays.
    expect(json.dynamic.runs[0]!.argv).toMatch(/-o addopts=--strict-markers$/);
  }, 120_000);

  it("runs a root package's plain tests/ folder under `pytest` despite required_plugins in pytest.ini", async () => {
    const { json, err } = await locateRun(
      {
        layout: "root",
        testsPackage: false,
        files: {
          "requirements.txt": requirements,
          "pytest.ini": "[pytest]\nrequired_plugins = pytest-cov>=4\naddopts = -ra --cov ledger\n",
        },
      },
      "pytest tests",
    );
    expect(json.dynamic).toMatchObject({ status: "ranked", install: { status: "failed" } });
    expect(json.results[0]).toMatchObject({ file: "ledger/money.py", symbol: "discount" });
    expect(err).toMatch(/dynamic run: required plugins are not installed \(pytest-cov>=4\)/);
    expect(err).toMatch(
      /pytest\.ini addopts name options of plugins that are not installed \(--cov ledger\)/,
    );
  }, 120_000);

  it("finds a src layout no packaging config names, whose __init__.py only re-exports", async () => {
    const { json } = await locateRun(
      {
        layout: "src",
        testsPackage: true,
        files: {
          "pyproject.toml":
            '[build-system]\nrequires = ["flit_core>=3.2,<4"]\nbuild-backend = "flit_core.buildapi"\n\n[project]\nname = "ledger"\nversion = "0.1.0"\n\n[tool.pytest.ini_options]\naddopts = "--strict-markers --strict-config"\n',
        },
      },
      "python3 -m pytest tests",
    );
    expect(json.dynamic).toMatchObject({ status: "ranked", install: { code: "registry_unreachable" } });
    expect(json.results[0]).toMatchObject({ file: "src/ledger/money.py", symbol: "discount" });
  }, 120_000);

  it("says the checkout's own package could not be imported when its folder is one no rule finds", async () => {
    const { json } = await locateRun(
      { layout: "lib", testsPackage: true, files: { "requirements.txt": requirements } },
      "pytest tests",
    );
    expect(json.dynamic.status).toBe("fallback");
    expect(json.dynamic.reason).toMatch(
      /^the failing tests could not import the checkout's own `ledger`: the folder it is in is not on sys\.path/,
    );
  }, 120_000);

  it("ranks with the sampled passing tests that ran when a sampled test file imports a tool the install would have provided", async () => {
    const { json, err } = await locateRun(
      {
        layout: "root",
        testsPackage: false,
        files: { "requirements.txt": `${requirements}atheris\n` },
        importsInPropsTest: "atheris",
      },
      "pytest tests",
    );
    expect(json.dynamic).toMatchObject({ status: "ranked", install: { code: "registry_unreachable" } });
    expect(json.results[0]).toMatchObject({ file: "ledger/money.py", symbol: "discount" });
    expect(err).toMatch(
      /tests\/test_props\.py could not be collected \(No module named 'atheris'\): the sampled tests there were left out/,
    );
  }, 120_000);

  it("falls back naming the missing module when the failing test stops on a dependency the install would have provided", async () => {
    const { json, err } = await locateRun(
      {
        layout: "root",
        testsPackage: true,
        files: { "requirements.txt": "py-moneyed>=3\n" },
        importsInDiscount: "moneyed",
      },
      "pytest tests",
    );
    expect(json.dynamic.status).toBe("fallback");
    expect(json.dynamic.reason).toMatch(
      /^install failed \(registry_unreachable\): .*; the failing tests stop on `No module named 'moneyed'`, a dependency the install would have provided/,
    );
    expect(err).toMatch(/fell back to static ranking: install failed/);
  }, 120_000);
});

describe("xihe explain --coverage on a Python project whose install cannot reach its index", () => {
  it("runs the src layout's test file with the package importable and the plugin addopts left out", async () => {
    repo = await createOfflinePythonRepo({
      layout: "src",
      testsPackage: false,
      files: {
        "requirements.txt": requirements,
        "setup.cfg": "[tool:pytest]\naddopts = --cov=ledger -n auto\n",
      },
    });
    const money = join(repo.dir, "src", "ledger", "money.py");
    writeFileSync(
      money,
      readFileSync(money, "utf8").replace("1 - percent / 100 + 0.01", "1 - percent / 100"),
    );
    execFileSync(
      "git",
      ["-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-qam", "fix"],
      {
        cwd: repo.dir,
      },
    );
    const run = await execa(process.execPath, [xiheBin, "explain", "--json", "--coverage", "pytest tests"], {
      reject: false,
      cwd: repo.dir,
      env: {
        PIP_INDEX_URL: `http://127.0.0.1:${await closedPort()}/simple`,
        XIHE_STORE: join(repo.dir, "..", "xihe.db"),
        XIHE_WORK_DIR: join(repo.dir, "..", "work"),
        XDG_CACHE_HOME: join(repo.dir, "..", "cache"),
      },
    });
    expect(run.exitCode, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout) as {
      symbols: { qualifiedName: string; testsReaching: { path: string; evidence: string }[] }[];
      coverage: { status: string; testFiles: number };
    };
    expect(run.stderr).toMatch(/install failed \(registry_unreachable\)/);
    expect(run.stderr).toMatch(
      /setup\.cfg addopts name options of plugins that are not installed \(--cov=ledger -n auto\)/,
    );
    expect(out.coverage).toMatchObject({ status: "ran", testFiles: 1 });
    expect(out.symbols.find((s) => s.qualifiedName === "discount")?.testsReaching).toEqual([
      expect.objectContaining({ path: "tests/test_money.py", evidence: "coverage" }),
    ]);
  }, 120_000);
});
