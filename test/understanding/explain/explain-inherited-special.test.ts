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

const nodes = (init: string) =>
  lines(
    "class Node:",
    "    def __init__(self, name):",
    `        self.name = ${init}`,
    "",
    "class Leaf(Node):",
    "    def size(self):",
    "        return 1",
    "",
    "class Tip(Leaf):",
    "    def tip(self):",
    "        return True",
    "",
    "class Root(Node):",
    "    def __init__(self):",
    "        self.name = '/'",
  );

const shapes = (init: string) =>
  lines(
    "export class Shape {",
    "  name: string;",
    "  constructor(name: string) {",
    `    this.name = ${init};`,
    "  }",
    "}",
    "",
    "export class Square extends Shape {",
    "  area() { return 1; }",
    "}",
    "",
    "export class Tiny extends Square {",
    "  small() { return true; }",
    "}",
  );

describe("constructors a subclass inherits", () => {
  it("reaches a base __init__ from tests making a subclass of a subclass that inherits it", async () => {
    const result = await explain(
      {
        "pkg/__init__.py": "",
        "pkg/nodes.py": nodes("name"),
        "tests/test_tip.py": lines(
          "from pkg.nodes import Tip",
          "",
          "def test_tip():",
          '    assert Tip("a").tip()',
        ),
        "tests/test_root.py": lines(
          "from pkg.nodes import Root",
          "",
          "def test_root():",
          "    assert Root().name",
        ),
      },
      { "pkg/nodes.py": nodes("name.strip()") },
    );
    const init = result.symbols.find((s) => s.qualifiedName === "Node.__init__");
    // Root defines its own __init__ and never calls the base's: its test does not run Node.__init__.
    expect(testFiles(init)).toEqual(["tests/test_tip.py"]);
    expect(init?.testsReaching[0]?.via).toEqual(["test_tip", "Tip", "Node.__init__"]);
  });

  it("reaches a base TS constructor from tests making a subclass of a subclass that inherits it", async () => {
    const result = await explain(
      {
        "package.json": '{ "name": "shapes", "type": "module" }',
        "src/shapes.ts": shapes("name"),
        "test/tiny.test.ts": lines(
          'import { Tiny } from "../src/shapes";',
          'it("is small", () => { expect(new Tiny("t").small()).toBe(true); });',
        ),
      },
      { "src/shapes.ts": shapes("name.trim()") },
    );
    const ctor = result.symbols.find((s) => s.qualifiedName === "Shape.constructor");
    expect(testFiles(ctor)).toEqual(["test/tiny.test.ts"]);
    expect(ctor?.testsReaching.find((t) => t.path === "test/tiny.test.ts")?.via).toEqual([
      expect.any(String),
      "Tiny",
      "Shape.constructor",
    ]);
  });
});
