import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";
import { lines, makeRepo, type TestRepo } from "../make-repo.ts";

function targetsAt(index: CodeIndex, file: string, line: number): (string | null)[] {
  return index.calls.filter((c) => c.file === file && c.line === line).map((c) => c.to);
}

// A name a Python module binds at its top level is an attribute of the module: a package's
// `__init__.py` that imports `from .core import load` hands `load` on, and so does any module.
// Each function here has a namesake in another module, so no call binds by a unique name.
describe("Python re-exports", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  beforeAll(async () => {
    repo = makeRepo({
      "pkg/__init__.py": lines(
        "from .core import load",
        "from .extra import *",
        "from .core import get_fields as field_list",
      ),
      "pkg/core.py": lines(
        "from .fields import get_fields",
        "",
        "",
        "def load(data):",
        "    return get_fields(data)",
      ),
      "pkg/fields.py": lines("def get_fields(cls):", "    return []"),
      "pkg/extra.py": lines("def render(x):", "    return x"),
      "pkg/lazy.py": lines("def run():", "    from .extra import render", "    return render(1)"),
      "pkg/typed.py": lines(
        "from typing import TYPE_CHECKING",
        "",
        "if TYPE_CHECKING:",
        "    from .extra import render",
      ),
      "other/names.py": lines(
        "def load(data):",
        "    return None",
        "",
        "",
        "def render(x):",
        "    return None",
        "",
        "",
        "def get_fields(cls):",
        "    return None",
      ),
      "tests/test_pkg.py": lines(
        "import pkg",
        "from pkg import load, render, field_list",
        "from pkg.core import get_fields as gf",
        "from pkg.lazy import render as lazy_render",
        "from pkg.typed import render as typed_render",
        "",
        "",
        "def test_all():",
        "    load({})",
        "    render(1)",
        "    pkg.load({})",
        "    gf(int)",
        "    field_list(int)",
        "    lazy_render(1)",
        "    typed_render(1)",
      ),
    });
    index = await buildIndex(repo.root, { cache: null });
  });
  afterAll(() => repo.cleanup());

  it("resolves a name imported from a package to the module its __init__.py imports it from", () => {
    expect(targetsAt(index, "tests/test_pkg.py", 9)).toEqual(["pkg/core.py#load@4"]);
    expect(targetsAt(index, "tests/test_pkg.py", 11)).toEqual(["pkg/core.py#load@4"]);
  });

  it("follows `from .x import *` to the name x defines", () => {
    expect(targetsAt(index, "tests/test_pkg.py", 10)).toEqual(["pkg/extra.py#render@1"]);
  });

  it("follows a module that imports the name from another, under a new name too", () => {
    expect(targetsAt(index, "tests/test_pkg.py", 12)).toEqual(["pkg/fields.py#get_fields@1"]);
    expect(targetsAt(index, "tests/test_pkg.py", 13)).toEqual(["pkg/fields.py#get_fields@1"]);
  });

  it("takes no import inside a function, nor one under TYPE_CHECKING, for the module's own name", () => {
    expect(targetsAt(index, "tests/test_pkg.py", 14)).toEqual([null]);
    expect(targetsAt(index, "tests/test_pkg.py", 15)).toEqual([null]);
  });

  it("records what a module hands on in its imports", () => {
    const init = index.imports.filter((i) => i.file === "pkg/__init__.py").map((i) => i.reexports);
    expect(init).toEqual([
      [{ exported: "load", imported: "load" }],
      [{ exported: "*", imported: "*" }],
      [{ exported: "field_list", imported: "get_fields" }],
    ]);
    expect(index.imports.find((i) => i.file === "pkg/lazy.py")?.reexports).toBeUndefined();
  });
});
