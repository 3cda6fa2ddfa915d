import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { pipInstallNeedsIndex } from "../../../src/workspace/install/pip-needs-index.ts";
import { makeScratchDir } from "../scratch-dir.ts";

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
});
