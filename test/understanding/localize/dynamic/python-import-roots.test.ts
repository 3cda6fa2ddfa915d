import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { pythonImportRoots } from "../../../../src/understanding/localize/dynamic/python-import-roots.ts";
import { makeScratchDir } from "../../../support/scratch-dir.ts";

const scratches: ReturnType<typeof makeScratchDir>[] = [];
afterEach(() => scratches.splice(0).forEach((s) => s.remove()));

/** A checkout on disk with these files (the roots are read from its folders, not from an index). */
function project(files: Record<string, string>) {
  const scratch = makeScratchDir("import-roots");
  scratches.push(scratch);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(scratch.dir, path)), { recursive: true });
    writeFileSync(join(scratch.dir, path), text);
  }
  const readText = (file: string) => {
    try {
      return readFileSync(join(scratch.dir, file), "utf8");
    } catch {
      return null;
    }
  };
  return { root: scratch.dir, readText };
}

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

  it("finds a src package whose __init__.py only re-exports (no symbol of its own, left out of the index)", () => {
    expect(
      pythonImportRoots(
        project({
          "pyproject.toml":
            '[build-system]\nrequires = ["flit_core"]\n\n[tool.pytest.ini_options]\naddopts = "-ra"\n',
          "src/ledger/__init__.py": "from ._money import add_tax\n",
          "src/ledger/_money.py": "def add_tax(a, r):\n    return a * (1 + r)\n",
          "tests/__init__.py": "",
        }),
      ),
    ).toEqual(["src"]);
  });

  it("does not follow a linked src/ (it could name any host folder)", () => {
    const linked = project({ "elsewhere/ledger/__init__.py": "", "tests/test_x.py": "" });
    symlinkSync(join(linked.root, "elsewhere"), join(linked.root, "src"));
    // The root holds tests/test_x.py's folder only as a plain folder: no module at the root either.
    expect(pythonImportRoots(linked)).toEqual([]);
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
