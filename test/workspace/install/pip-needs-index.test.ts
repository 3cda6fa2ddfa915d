import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { pipInstallNeedsIndex } from "../../../src/workspace/install/pip-needs-index.ts";
import { makeScratchDir } from "../../support/scratch-dir.ts";

describe("pipInstallNeedsIndex", () => {
  let scratch: ReturnType<typeof makeScratchDir>;
  beforeEach(() => {
    scratch = makeScratchDir("pip-needs-index");
  });
  afterEach(() => scratch.remove());
  const write = (file: string, text: string): void => {
    mkdirSync(join(scratch.dir, file, ".."), { recursive: true });
    writeFileSync(join(scratch.dir, file), text);
  };
  const needs = (): boolean => pipInstallNeedsIndex(scratch.dir);

  it("a project install needs its build backend: listed in [build-system], or setuptools without the table", () => {
    write(
      "pyproject.toml",
      '[project]\nname = "a"\n\n[build-system]\nrequires = [\n  "flit_core >=3.2,<4",\n]\nbuild-backend = "flit_core.buildapi"\n',
    );
    expect(needs()).toBe(true);
    write("pyproject.toml", '[project]\nname = "a"\n\n[tool.pytest.ini_options]\naddopts = "-q"\n');
    expect(needs()).toBe(true);
  });

  it("a backend that lists nothing (in-tree) or a table without requires is not claimed", () => {
    write(
      "pyproject.toml",
      '[build-system]\nrequires = []\nbuild-backend = "backend"\nbackend-path = ["_build"]\n\n[project]\nname = "a"\n',
    );
    expect(needs()).toBe(false);
    write("pyproject.toml", '[build-system]\nbuild-backend = "x"\n\n[tool.x]\nrequires = ["y"]\n');
    expect(needs()).toBe(false);
  });

  it("setup.py alone needs setuptools from the index; no manifest needs nothing", () => {
    expect(needs()).toBe(false);
    write("setup.py", "from setuptools import setup\nsetup()\n");
    expect(needs()).toBe(true);
  });

  it("requirements.txt needs the index only when every line names a package", () => {
    write("pyproject.toml", '[build-system]\nrequires = ["setuptools"]\n');
    write(
      "requirements.txt",
      "# pinned\nattrs==23.1 \\\n    --hash=sha256:abc\nidna>=3; python_version>'3.8'\n--require-hashes\n",
    );
    expect(needs()).toBe(true);
    for (const source of [
      "./wheels/a-1.0-py3-none-any.whl",
      "-e .",
      "--find-links wheels",
      "a @ https://x/a.whl",
      "--index-url https://mirror/simple",
    ]) {
      write("requirements.txt", `attrs==23.1\n${source}\n`);
      expect(needs(), source).toBe(false);
    }
    write("requirements.txt", "# nothing yet\n\n");
    expect(needs()).toBe(false);
  });

  it("follows includes of files inside the checkout: development tools' names alone need the index", () => {
    write("requirements-dev.txt", "pytest>=7\npytest-cov\nflake8==7.0.0\n");
    write("requirements.txt", "-r requirements-dev.txt\n");
    expect(needs()).toBe(true);
    write("requirements/base.txt", "attrs\n-c constraints.txt\n");
    write("requirements/constraints.txt", "attrs<24\n");
    write("requirements.txt", "--requirement=requirements/base.txt\n");
    expect(needs()).toBe(true);
    // Constraints alone install nothing; an include that adds a source, leaves the checkout or is
    // missing is not claimed.
    write("requirements.txt", "-c requirements/constraints.txt\n");
    expect(needs()).toBe(false);
    write("requirements/local.txt", "-e ./lib\n");
    for (const include of [
      "-r requirements/local.txt",
      "-r ../outside.txt",
      "-r missing.txt",
      "-r https://x/r.txt",
    ]) {
      write("requirements.txt", `attrs\n${include}\n`);
      expect(needs(), include).toBe(false);
    }
  });
});
