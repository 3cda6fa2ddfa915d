// `xihe fix --no-llm` through bin/ on a fresh clone of a pytest project whose dependencies come from a
// local package index on 127.0.0.1 (real pip, real wheels, PEP 503/691, through the registry proxy,
// in bubblewrap, with the host PATH's python3 as the toolchain): the install phase creates the venv
// and installs pytest and the project's dependency, and the failing test is reproduced as a real
// assertion failure with the dependency importable — not an environment failure. No deterministic
// fixer applies to a unit test and no model is configured, so the run stops there. The second run
// on the unchanged requirements restores the venv from the dependency cache.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeScratchDir } from "../support/scratch-dir.ts";
import {
  pytestDists,
  startPytestProjectIndex,
  type FakePythonIndex,
} from "../workspace/support/fake-python-index.ts";
import { hostPythonImports } from "../support/host-python.ts";

// nothing to serve pytest from on this machine without them
const hostHasPytest = () => hostPythonImports(...pytestDists);

let index: FakePythonIndex;
let scratch: ReturnType<typeof makeScratchDir>;

beforeAll(async () => {
  if (!hostHasPytest()) return;
  scratch = makeScratchDir("fix-python");
  const wheels = join(scratch.dir, "wheels");
  mkdirSync(wheels);
  index = await startPytestProjectIndex(wheels);
}, 120_000);
afterAll(async () => {
  await index?.close();
  scratch?.remove();
});

async function freshClone(name: string): Promise<string> {
  const origin = join(scratch.dir, "origin");
  const clone = join(scratch.dir, name);
  const git = (args: string[], cwd = origin) => execa("git", args, { cwd });
  if (name === "clone-1") {
    mkdirSync(join(origin, "tests"), { recursive: true });
    mkdirSync(join(origin, ".github"));
    writeFileSync(join(origin, ".github", "xihe.yml"), 'commands:\n  test: [".venv/bin/python -m pytest"]\n');
    writeFileSync(join(origin, "requirements.txt"), "pytest\ntinydep==1.0.0\n");
    writeFileSync(join(origin, "pyproject.toml"), '[tool.pytest.ini_options]\ntestpaths = ["tests"]\n');
    writeFileSync(
      join(origin, "tests", "test_double.py"),
      "from tinydep import double\n\n\ndef test_double():\n    assert double(2) == 5\n",
    );
    writeFileSync(join(origin, ".gitignore"), ".venv\n__pycache__\n.pytest_cache\n");
    await git(["init", "-q", "-b", "main"]);
    await git(["add", "-A"]);
    await git(["-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-qm", "init"]);
  }
  await git(["clone", "-q", origin, clone], scratch.dir);
  index.requests.length = 0;
  return clone;
}

const runFix = (clone: string) =>
  execa(process.execPath, ["bin/xihe.js", "fix", "--repo", clone, "--no-llm"], {
    reject: false,
    env: {
      XIHE_STORE: join(scratch.dir, "xihe.db"),
      XIHE_WORK_DIR: join(scratch.dir, "work"),
      // The App's own pip configuration: the only place the install's index comes from.
      PIP_INDEX_URL: index.url,
      PIP_CONFIG_FILE: "/dev/null",
    },
  });

describe("xihe fix on a fresh clone of a pytest project with dependencies from a local index", () => {
  it.skipIf(!hostHasPytest())(
    "installs with pip through the proxy, reproduces the failing test with its dependency importable, and reuses the venv",
    async () => {
      const started = Date.now();
      const first = await runFix(await freshClone("clone-1"));
      const firstSeconds = (Date.now() - started) / 1000;
      console.log(
        `xihe fix --no-llm (pytest, first run): ${firstSeconds.toFixed(1)} s wall\n${first.stdout}`,
      );
      expect(first.stderr).toBe("");
      expect(first.stdout).toMatch(/^Install \(pip\): installed/m);
      // The venv has its own pip, or none when the sandbox python3's pip has a runner (22.3+) to run it.
      expect(first.stdout).toMatch(/\$ python3 (?:-I -m venv --without-pip|-I -m venv) \.venv {2}→ exit 0/);
      expect(first.stdout).toMatch(
        /\$ \.venv\/bin\/python (?:-I -m pip|\/\S+\/pip\/__pip-runner__\.py) install .*--only-binary=:all: -r requirements\.txt {2}→ exit 0/,
      );
      expect(first.stdout).toContain(`via proxy: 127.0.0.1:${index.port}`);
      expect(first.stdout).not.toContain("blocked:");
      expect(index.requests).toContain("GET /files/tinydep-1.0.0-py3-none-any.whl");
      expect(index.requests.some((r) => r.startsWith("GET /simple/pytest/"))).toBe(true);
      // Reproduced: pytest exits 1 only when collection (the import of `tinydep`) worked and a test
      // failed; a missing module is exit 2 and would be perceived as an environment failure.
      expect(first.stdout).toContain("$ .venv/bin/python -m pytest  → exit 1");
      expect(first.stdout).toMatch(/\[perceive\] code \(confidence 1\)/);
      expect(first.stdout).not.toMatch(/ModuleNotFoundError|No module named|environment/);
      expect(first.stdout).not.toMatch(/: FIXED$/m);

      const again = Date.now();
      const second = await runFix(await freshClone("clone-2"));
      const secondSeconds = (Date.now() - again) / 1000;
      console.log(
        `xihe fix --no-llm (pytest, cached run): ${secondSeconds.toFixed(1)} s wall\n${second.stdout}`,
      );
      expect(second.stdout).toMatch(
        /^Install \(pip\): installed — restored \.venv from the dependency cache/m,
      );
      expect(index.requests).toEqual([]);
      expect(second.stdout).toContain("$ .venv/bin/python -m pytest  → exit 1");
      expect(second.stdout).toMatch(/\[perceive\] code \(confidence 1\)/);
    },
    300_000,
  );
});
