// A member call through a name imported from a project module means something that module can hand
// on: `REGEX_SPECIAL_CHARS.test(s)`, the regex taken from a constants module that imports nothing,
// is not the project's one method named `test`, though the index resolves it so. Real git, real
// tree-sitter, a package written here (picomatch's shape).
import { describe, expect, it } from "vitest";
import { lines } from "../make-repo.ts";
import { testFiles, useExplainChange } from "./explain-change.ts";

const explain = useExplainChange();

const matcher = (ext: string) =>
  lines(
    'const utils = require("./utils");',
    "function picomatch(glob) {",
    "  return (input) => picomatch.test(input, glob);",
    "}",
    "picomatch.test = (input, glob) => {",
    "  return picomatch.matchBase(input, glob);",
    "};",
    "picomatch.matchBase = (input, glob) => {",
    `  return utils.basename(input${ext}) === glob;`,
    "};",
    "module.exports = picomatch;",
  );

const files = {
  "lib/constants.js": lines("module.exports = {", "  REGEX_SPECIAL_CHARS: /[-*+?.^${}(|)[\\]]/,", "};"),
  "lib/utils.js": lines(
    'const { REGEX_SPECIAL_CHARS } = require("./constants");',
    "exports.hasRegexChars = (str) => REGEX_SPECIAL_CHARS.test(str);",
    "exports.basename = (path) => path.split('/').pop();",
  ),
  "test/utils.test.js": lines(
    'const utils = require("../lib/utils");',
    'it("finds regex characters", () => {',
    '  utils.hasRegexChars("a*");',
    "});",
  ),
  "test/match.test.js": lines(
    'const picomatch = require("../lib/picomatch");',
    'it("matches", () => {',
    '  picomatch("a")("a");',
    "});",
  ),
};

describe("member calls through an imported name", () => {
  it("are not calls of a method in a file the imported module cannot hand on", async () => {
    const result = await explain(
      { ...files, "lib/picomatch.js": matcher("") },
      { "lib/picomatch.js": matcher(".trim()") },
    );
    const matchBase = result.symbols.find((s) => s.qualifiedName === "picomatch.matchBase");
    expect(matchBase).toBeDefined();
    // test/utils.test.js runs hasRegexChars, whose `.test` is the regex's.
    expect(testFiles(matchBase)).toEqual(["test/match.test.js"]);
    expect(matchBase?.testsReaching[0]?.via).toEqual([
      "matches",
      "picomatch",
      "picomatch.test",
      "picomatch.matchBase",
    ]);
  });

  it("are calls into a Python submodule imported from its package, which the package need not import", async () => {
    // The changed function is one hop behind `run`: a reach's first hop comes from the target's own
    // references, so only the calls into `run` go through the import-chain rule.
    const helpers = (body: string) =>
      lines("def run(x):", "    return inner(x)", "", "def inner(x):", `    return ${body}`, "");
    const result = await explain(
      {
        // The package imports nothing: `from . import helpers` loads pkg/helpers.py itself.
        "pkg/__init__.py": "",
        "pkg/helpers.py": helpers("x"),
        "pkg/core.py": lines("from . import helpers", "", "def go():", "    return helpers.run(2)", ""),
        "tests/test_core.py": lines("from pkg import core", "", "def test_go():", "    core.go()", ""),
        // Bound under another name: the submodule is the one the package calls `helpers`.
        "pkg/cli.py": lines("from pkg import helpers as h", "", "def main():", "    return h.run(3)", ""),
        "tests/test_cli.py": lines("from pkg import cli", "", "def test_main():", "    cli.main()", ""),
      },
      { "pkg/helpers.py": helpers("x + 1") },
    );
    const inner = result.symbols.find((s) => s.qualifiedName === "inner");
    expect(testFiles(inner)).toEqual(["tests/test_cli.py", "tests/test_core.py"]);
    expect(inner?.testsReaching.find((t) => t.path === "tests/test_core.py")?.via).toEqual([
      "test_go",
      "go",
      "run",
      "inner",
    ]);
    expect(inner?.testsReaching.find((t) => t.path === "tests/test_cli.py")?.via).toEqual([
      "test_main",
      "main",
      "run",
      "inner",
    ]);
  });
});
