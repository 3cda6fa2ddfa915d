import { describe, expect, it } from "vitest";
import { pythonImportRoots } from "../../../../src/understanding/localize/dynamic/python-import-roots.ts";

const project = (files: Record<string, string>) => ({
  files: Object.keys(files),
  readText: (file: string) => files[file] ?? null,
});

describe("pythonImportRoots", () => {
  it("reads setuptools' package-dir and packages.find from pyproject.toml", () => {
    expect(
      pythonImportRoots(
        project({
          "pyproject.toml": '[tool.setuptools]\npackage-dir = {"" = "lib"}\n',
          "lib/ledger/__init__.py": "",
          "tests/test_x.py": "",
        }),
      ),
    ).toEqual(["lib"]);
    expect(
      pythonImportRoots(
        project({
          "pyproject.toml": '[tool.setuptools.packages.find]\nwhere = ["python"]\n',
          "python/ledger/__init__.py": "",
        }),
      ),
    ).toEqual(["python"]);
  });

  it("reads poetry's packages.from and hatch's wheel packages", () => {
    expect(
      pythonImportRoots(
        project({
          "pyproject.toml": '[tool.poetry]\npackages = [{ include = "ledger", from = "code" }]\n',
          "code/ledger/__init__.py": "",
        }),
      ),
    ).toEqual(["code"]);
    expect(
      pythonImportRoots(
        project({
          "pyproject.toml": '[tool.hatch.build.targets.wheel]\npackages = ["pkgs/ledger"]\n',
          "pkgs/ledger/__init__.py": "",
        }),
      ),
    ).toEqual(["pkgs"]);
  });

  it("reads setup.cfg's package_dir on its own line or the next, and setup.py's", () => {
    expect(
      pythonImportRoots(
        project({ "setup.cfg": "[options]\npackage_dir =\n    =source\n", "source/ledger/__init__.py": "" }),
      ),
    ).toEqual(["source"]);
    expect(
      pythonImportRoots(
        project({ "setup.cfg": "[options]\npackage_dir = =source\n", "source/ledger.py": "" }),
      ),
    ).toEqual(["source"]);
    expect(
      pythonImportRoots(
        project({ "setup.py": 'setup(package_dir={"": "source"})\n', "source/ledger/__init__.py": "" }),
      ),
    ).toEqual(["source"]);
  });

  it("falls back to the layout: src/ holding a package or module, else the root", () => {
    expect(pythonImportRoots(project({ "src/ledger/__init__.py": "", "tests/test_x.py": "" }))).toEqual([
      "src",
    ]);
    expect(pythonImportRoots(project({ "src/ledger.py": "" }))).toEqual(["src"]);
    expect(pythonImportRoots(project({ "ledger/__init__.py": "", "tests/test_x.py": "" }))).toEqual(["."]);
    // flit and PEP 621 alone say nothing about the folder.
    expect(
      pythonImportRoots(project({ "pyproject.toml": '[project]\nname = "ledger"\n', "ledger.py": "" })),
    ).toEqual(["."]);
  });

  it("ignores a configured folder that holds no Python, paths leaving the checkout, and non-Python projects", () => {
    expect(
      pythonImportRoots(
        project({
          "pyproject.toml": '[tool.setuptools]\npackage-dir = {"" = "gone"}\n',
          "src/ledger/__init__.py": "",
        }),
      ),
    ).toEqual(["src"]);
    expect(
      pythonImportRoots(
        project({ "setup.py": 'setup(package_dir={"": "../outside"})\n', "ledger/__init__.py": "" }),
      ),
    ).toEqual(["."]);
    expect(pythonImportRoots(project({ "package.json": "{}", "src/index.js": "" }))).toEqual([]);
  });
});
