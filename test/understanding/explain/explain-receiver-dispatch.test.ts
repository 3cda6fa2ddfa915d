// A base class's `self.m()` / `this.m()` runs the override of `m` in the subclass the instance is:
// `Expression.match` calling `self._uncached_match(...)` runs `Literal._uncached_match` when a test
// matches a `Literal`. Real git, real tree-sitter, packages written here.
import { describe, expect, it } from "vitest";
import { maxOverrides } from "../../../src/understanding/explain/receiver-dispatch.ts";
import { lines } from "../make-repo.ts";
import { testFiles, useExplainChange } from "./explain-change.ts";

const explain = useExplainChange();

const python = (literalBody: string) =>
  lines(
    "class Expression:",
    "    def match(self, text):",
    "        return self._uncached_match(text)",
    "",
    "    def describe(self):",
    "        return 'expression'",
    "",
    "class Literal(Expression):",
    "    def _uncached_match(self, text):",
    `        return ${literalBody}`,
    "",
    "class Quoted(Literal):",
    "    def describe(self):",
    "        return 'quoted'",
    "",
    // A second override: the name alone no longer says which method a call means.
    "class Regex(Expression):",
    "    def _uncached_match(self, text):",
    "        return text",
  );

const pythonTests = {
  "pkg/__init__.py": "",
  "tests/test_match.py": lines(
    "from pkg.expressions import Quoted",
    "",
    "def test_match():",
    '    assert Quoted("a").match("a")',
  ),
};

describe("overrides reached through a base class's receiver call", () => {
  it("reaches a Python override from tests of the base's method, with the path through it", async () => {
    const result = await explain(
      { ...pythonTests, "pkg/expressions.py": python("text == 'a'") },
      { "pkg/expressions.py": python("text.startswith('a')") },
    );
    const m = result.symbols.find((s) => s.qualifiedName === "Literal._uncached_match");
    expect(testFiles(m)).toEqual(["tests/test_match.py"]);
    expect(m?.testsReaching[0]?.via).toEqual(["test_match", "Expression.match", "Literal._uncached_match"]);
  });

  it("does not reach a sibling's method that the base never calls on itself", async () => {
    const sibling = (body: string) =>
      lines(
        "class Expression:",
        "    def match(self, text):",
        "        return self._uncached_match(text)",
        "",
        "class Quoted(Expression):",
        "    def _uncached_match(self, text):",
        "        return text == 'a'",
        "",
        "class Regex(Expression):",
        "    def describe(self):",
        `        return ${body}`,
      );
    const result = await explain(
      { ...pythonTests, "pkg/expressions.py": sibling("1") },
      { "pkg/expressions.py": sibling("2") },
    );
    // The test matches a Quoted; Regex.describe is no override of what Expression calls on itself.
    const describe = result.symbols.find((s) => s.qualifiedName === "Regex.describe");
    expect(describe).toBeDefined();
    expect(testFiles(describe)).toEqual([]);
  });

  it("reaches a TypeScript override through this.m() in the base class", async () => {
    const shapes = (area: string) =>
      lines(
        "export class Shape {",
        "  describe(): string {",
        "    return `area ${this.area()}`;",
        "  }",
        "  area(): number {",
        "    return 0;",
        "  }",
        "  name(): string {",
        "    return 'shape';",
        "  }",
        "}",
        "export class Square extends Shape {",
        "  area(): number {",
        `    return ${area};`,
        "  }",
        "}",
        "export class Circle extends Shape {",
        "  name(): string {",
        "    return 'circle';",
        "  }",
        "}",
      );
    const result = await explain(
      {
        "package.json": JSON.stringify({ name: "shapes", type: "module" }),
        "src/shapes.ts": shapes("4"),
        "test/shapes.test.ts": lines(
          'import { it } from "vitest";',
          'import { Square } from "../src/shapes.ts";',
          "",
          'it("describes", () => {',
          "  new Square().describe();",
          "});",
        ),
      },
      { "src/shapes.ts": shapes("16") },
    );
    const area = result.symbols.find((s) => s.qualifiedName === "Square.area");
    expect(testFiles(area)).toEqual(["test/shapes.test.ts"]);
    expect(area?.testsReaching[0]?.via.slice(-2)).toEqual(["Shape.describe", "Square.area"]);
  });

  const overridden = async (count: number) => {
    const nodes = (body: string) =>
      lines(
        "class Node:",
        "    def visit(self):",
        "        return self.accept()",
        "",
        ...Array.from({ length: count }, (_, i) => [
          `class Node${i}(Node):`,
          "    def accept(self):",
          `        return ${i === 0 ? body : String(i)}`,
          "",
        ]).flat(),
      );
    const tests = {
      "pkg/__init__.py": "",
      "tests/test_visit.py": lines(
        "from pkg.nodes import Node0",
        "",
        "def test_visit():",
        "    Node0().visit()",
      ),
    };
    const result = await explain(
      { ...tests, "pkg/nodes.py": nodes("'a'") },
      { "pkg/nodes.py": nodes("'b'") },
    );
    const accept = result.symbols.find((s) => s.qualifiedName === "Node0.accept");
    expect(accept).toBeDefined();
    return testFiles(accept);
  };

  it(`reaches overrides while the base has at most ${maxOverrides} of them`, async () => {
    expect(await overridden(maxOverrides)).toEqual(["tests/test_visit.py"]);
  });

  it(`claims no override when the base has more than ${maxOverrides} of them`, async () => {
    expect(await overridden(maxOverrides + 1)).toEqual([]);
  });
});
