// A function only the module's own top-level code calls (`_CACHE = compile_all()`) runs whenever the
// module is loaded: a test importing it, or importing a module that imports it, reaches it. A call
// under `if __name__ == "__main__":` runs only as a script, and a name merely handed on runs nothing.
// Real git, real tree-sitter, a package written here.
import { describe, expect, it } from "vitest";
import { lines } from "../make-repo.ts";
import { testFiles, useExplainChange } from "./explain-change.ts";

const explain = useExplainChange();

const patterns = (flag: string) =>
  lines(
    "import re",
    "",
    "def compile_all():",
    `    return [re.compile(p, ${flag}) for p in ("a", "b")]`,
    "",
    "def banner():",
    '    return "tool"',
    "",
    "_CACHE = compile_all()",
    "",
    "def match(text):",
    "    return any(p.match(text) for p in _CACHE)",
    "",
    'if __name__ == "__main__":',
    "    print(banner())",
  );

describe("tests reaching code run at module load", () => {
  it("reaches a function called at a module's top level through the test's imports", async () => {
    const result = await explain(
      {
        "pkg/__init__.py": "",
        "pkg/patterns.py": patterns("0"),
        "pkg/scan.py": lines(
          "from pkg.patterns import match",
          "",
          "def scan(text):",
          "    return match(text)",
        ),
        "tests/test_scan.py": lines(
          "from pkg.scan import scan",
          "",
          "def test_scan():",
          '    assert scan("a")',
        ),
        "tests/test_other.py": lines("def test_nothing():", "    assert True"),
      },
      { "pkg/patterns.py": patterns("re.I") },
    );
    const compileAll = result.symbols.find((s) => s.qualifiedName === "compile_all");
    expect(testFiles(compileAll)).toEqual(["tests/test_scan.py"]);
    expect(compileAll?.testsReaching[0]?.via).toEqual([
      "tests/test_scan.py",
      "pkg/scan.py",
      "_CACHE",
      "compile_all",
    ]);
  });

  it("does not reach a function only a __main__ block calls, or that top-level code only names", async () => {
    const result = await explain(
      {
        "pkg/__init__.py": "",
        "pkg/patterns.py": patterns("0"),
        "tests/test_patterns.py": lines(
          "from pkg.patterns import match",
          "",
          "def test_match():",
          '    assert match("a")',
        ),
      },
      { "pkg/patterns.py": `${patterns("0").replace('"tool"', '"tool!"')}\nNAME = banner.__name__\n` },
    );
    const banner = result.symbols.find((s) => s.qualifiedName === "banner");
    expect(banner).toBeDefined();
    expect(testFiles(banner)).toEqual([]);
  });

  it("goes from an import inside a function to that function's callers, not to every importer", async () => {
    const result = await explain(
      {
        "pkg/__init__.py": "",
        "pkg/patterns.py": patterns("0"),
        // The cycle-breaking import: pkg.patterns loads when main runs, not when pkg.cli loads.
        "pkg/cli.py": lines(
          "def main(text):",
          "    import pkg.patterns",
          "    return pkg.patterns.match(text)",
          "",
          "def version():",
          "    return 1",
        ),
        "tests/test_main.py": lines(
          "from pkg.cli import main",
          "",
          "def test_main():",
          '    assert main("a")',
        ),
        "tests/test_version.py": lines(
          "from pkg.cli import version",
          "",
          "def test_version():",
          "    assert version() == 1",
        ),
      },
      { "pkg/patterns.py": patterns("re.I") },
    );
    const compileAll = result.symbols.find((s) => s.qualifiedName === "compile_all");
    expect(testFiles(compileAll)).toEqual(["tests/test_main.py"]);
    expect(compileAll?.testsReaching[0]?.via).toEqual(["test_main", "main", "_CACHE", "compile_all"]);
  });

  it("reaches through the package __init__ that importing a submodule runs, and the submodules it loads", async () => {
    const result = await explain(
      {
        // `from pkg.scan import scan` runs pkg/__init__.py first, whose `from . import patterns`
        // loads pkg/patterns.py: its `_CACHE = compile_all()` runs in the test.
        "pkg/__init__.py": lines("from . import patterns"),
        "pkg/patterns.py": patterns("0"),
        "pkg/scan.py": lines("def scan(text):", "    return text"),
        "tests/test_scan.py": lines(
          "from pkg.scan import scan",
          "",
          "def test_scan():",
          '    assert scan("a")',
        ),
      },
      { "pkg/patterns.py": patterns("re.I") },
    );
    const compileAll = result.symbols.find((s) => s.qualifiedName === "compile_all");
    expect(testFiles(compileAll)).toEqual(["tests/test_scan.py"]);
    expect(compileAll?.testsReaching[0]?.via).toEqual([
      "tests/test_scan.py",
      "pkg/__init__.py",
      "_CACHE",
      "compile_all",
    ]);
  });

  it("does not reach through an import under `if TYPE_CHECKING:`, which never runs", async () => {
    const result = await explain(
      {
        "pkg/__init__.py": "",
        "pkg/patterns.py": patterns("0"),
        "pkg/scan.py": lines(
          "from typing import TYPE_CHECKING",
          "",
          "if TYPE_CHECKING:",
          "    from pkg.patterns import match",
          "",
          "def scan(text):",
          "    return text",
        ),
        "tests/test_scan.py": lines(
          "from pkg.scan import scan",
          "",
          "def test_scan():",
          '    assert scan("a")',
        ),
      },
      { "pkg/patterns.py": patterns("re.I") },
    );
    const compileAll = result.symbols.find((s) => s.qualifiedName === "compile_all");
    expect(compileAll).toBeDefined();
    expect(testFiles(compileAll)).toEqual([]);
  });

  it("does not reach a function that top-level code wraps (`cmd = deprecated(cli.cmd)`) through the module's loads", async () => {
    const cli = (body: string) => lines("def cmd(n):", `    return ${body}`);
    const result = await explain(
      {
        "pkg/__init__.py": lines("from pkg._compat import cmd", "", "VERSION = '1'"),
        "pkg/cli.py": cli("n + 1"),
        "pkg/_compat.py": lines(
          "from pkg import cli",
          "",
          "def deprecated(f):",
          "    return f",
          "",
          "cmd = deprecated(cli.cmd)",
        ),
        "tests/test_cli.py": lines(
          "from pkg.cli import cmd",
          "",
          "def test_cmd():",
          "    assert cmd(1) == 2",
        ),
        "tests/test_version.py": lines("import pkg", "", "def test_version():", "    assert pkg.VERSION"),
      },
      { "pkg/cli.py": cli("n + 2") },
    );
    const cmd = result.symbols.find((s) => s.qualifiedName === "cmd" && s.file === "pkg/cli.py");
    expect(cmd).toBeDefined();
    expect(testFiles(cmd)).toEqual(["tests/test_cli.py"]);
  });
});
