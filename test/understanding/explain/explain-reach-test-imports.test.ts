// A function a test only passes on as a value (`pytest.mark.parametrize("func", [bump])`) runs in
// that test though no call names it there: the test file's import of it counts as reaching it.
// Real git, real tree-sitter, a package written here.
import { describe, expect, it } from "vitest";
import { lines } from "../make-repo.ts";
import { testFiles, useExplainChange } from "./explain-change.ts";

const explain = useExplainChange();

const versions = (step: string) =>
  lines(
    "def next_major(major):",
    `    return major + ${step}`,
    "",
    "def bump(major):",
    "    return next_major(major)",
    "",
    "def unrelated(major):",
    "    return major",
  );

describe("functions a test imports and passes as values", () => {
  it("reaches a function called by one a test passes to parametrize, not through other imports", async () => {
    const result = await explain(
      {
        "pkg/__init__.py": "from pkg.versions import bump, unrelated\n",
        "pkg/versions.py": versions("1"),
        "tests/test_deprecated.py": lines(
          "import pytest",
          "from pkg import bump",
          "",
          '@pytest.mark.parametrize("func", [bump])',
          "def test_warns(func):",
          "    assert func(1)",
        ),
        "tests/test_other.py": lines(
          "from pkg import unrelated",
          "",
          "def test_other():",
          "    assert unrelated(1) == 1",
        ),
      },
      { "pkg/versions.py": versions("2") },
    );
    const next = result.symbols.find((s) => s.qualifiedName === "next_major");
    expect(testFiles(next)).toEqual(["tests/test_deprecated.py"]);
    expect(next?.testsReaching[0]?.via).toEqual(["tests/test_deprecated.py", "bump", "next_major"]);
  });
});
