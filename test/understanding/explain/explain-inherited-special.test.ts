// A special method (`__eq__`, `__init__`) defined on a base class runs when an instance of a
// subclass that inherits it is used: `Literal("a") == Literal("a")` runs `Expression.__eq__`,
// though no code names `Expression` or `__eq__`. Real git, real tree-sitter, a package written here.
import { describe, expect, it } from "vitest";
import { lines } from "../make-repo.ts";
import { testFiles, useExplainChange } from "./explain-change.ts";

const explain = useExplainChange();

const expressions = (eq: string) =>
  lines(
    "class Expression:",
    "    def __eq__(self, other):",
    `        return ${eq}`,
    "",
    "class Literal(Expression):",
    "    def __init__(self, text):",
    "        self.text = text",
    "",
    "class Regex(Expression):",
    "    def __init__(self, pattern):",
    "        self.pattern = pattern",
    "",
    "    def __eq__(self, other):",
    "        return self.pattern == other.pattern",
  );

describe("special methods a subclass inherits", () => {
  it("reaches a base class's __eq__ from tests that make instances of a subclass inheriting it", async () => {
    const result = await explain(
      {
        "pkg/__init__.py": "",
        "pkg/expressions.py": expressions("type(self) is type(other)"),
        "tests/test_literal.py": lines(
          "from pkg.expressions import Literal",
          "",
          "def test_equal():",
          '    assert Literal("a") == Literal("a")',
        ),
        "tests/test_regex.py": lines(
          "from pkg.expressions import Regex",
          "",
          "def test_equal():",
          '    assert Regex("a") == Regex("a")',
        ),
      },
      { "pkg/expressions.py": expressions("type(self) is type(other) and vars(self) == vars(other)") },
    );
    const eq = result.symbols.find((s) => s.qualifiedName === "Expression.__eq__");
    // Regex defines its own __eq__: its tests never run the base's.
    expect(testFiles(eq)).toEqual(["tests/test_literal.py"]);
    expect(eq?.testsReaching[0]?.via).toEqual(["test_equal", "Literal", "Expression.__eq__"]);
    expect(eq?.risks.some((r) => r.startsWith("no test"))).toBe(false);
  });
});
