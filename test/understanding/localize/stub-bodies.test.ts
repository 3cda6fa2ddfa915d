import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import { localize } from "../../../src/understanding/localize/localize.ts";
import { hasStubBody } from "../../../src/understanding/localize/stub-bodies.ts";
import { failingRun, unittestDiscover } from "./failing-run.ts";
import { scratchDir } from "../../support/scratch-dir.ts";

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

function writeProject(files: Record<string, string>): string {
  const root = scratchDir("xihe-stub-bodies-");
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const readLinesIn = (root: string) => (path: string) => readFileSync(join(root, path), "utf8").split("\n");

describe("localize with placeholder bodies", () => {
  it("never ranks an abstract method that only raises NotImplementedError; its override is the suspect", async () => {
    const root = writeProject({
      "shapes/__init__.py": "",
      "shapes/area.py": [
        "class Shape:",
        "    def area(self):",
        "        raise NotImplementedError",
        "",
        "",
        "class Square(Shape):",
        "    def __init__(self, side):",
        "        self.side = side",
        "",
        "    def area(self):",
        "        return self.side * self.side + 1",
        "",
        "",
        "def total_area(shapes):",
        "    return sum(shape.area() for shape in shapes)",
        "",
      ].join("\n"),
      "tests/__init__.py": "",
      "tests/test_area.py": [
        "import unittest",
        "",
        "from shapes.area import Square, total_area",
        "",
        "",
        "class AreaTest(unittest.TestCase):",
        "    def test_total_area(self):",
        "        self.assertEqual(total_area([Square(2), Square(3)]), 13)",
        "",
      ].join("\n"),
    });
    const { log, failures, index, readLines } = await failingRun(root, unittestDiscover);
    const results = localize({ index, failures, logText: log, readLines });
    const symbols = results.map((r) => r.symbol);
    expect(symbols).not.toContain("Shape.area");
    expect(symbols.indexOf("Square.area")).toBe(1);
  });

  it("tells empty braced bodies and Python placeholders from bodies that do something", async () => {
    const root = writeProject({
      "lib/null.js": [
        "const NullObject = function NullObject () { }",
        "function noop() {",
        "  // nothing to do",
        "}",
        "const zero = () => 0",
        "function emptyObject() { return {} }",
        "",
      ].join("\n"),
      "pkg/base.py": [
        "class Base:",
        "    def run(self):",
        '        """Subclasses do the work."""',
        "        ...",
        "",
        "    def name(self):",
        '        return "base"',
        "",
      ].join("\n"),
    });
    const index = await buildIndex(root, { cache: null });
    const stub = (name: string) => {
      const symbol = index.symbols.find((s) => s.qualifiedName === name);
      expect(symbol, name).toBeDefined();
      return hasStubBody(symbol!, readLinesIn(root));
    };
    expect(["NullObject", "noop", "Base.run"].map(stub)).toEqual([true, true, true]);
    expect(["zero", "emptyObject", "Base.name"].map(stub)).toEqual([false, false, false]);
  });
});
