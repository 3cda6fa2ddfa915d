// A JS/TS subclass constructor's `super(...)` runs the nearest base constructor: `new Square(2)`
// runs `Shape`'s constructor though no code calls it by name, and `super.describe()` runs the
// base's `describe`. Real git, real tree-sitter, packages written here.
import { describe, expect, it } from "vitest";
import { lines } from "../make-repo.ts";
import { testFiles, useExplainChange } from "./explain-change.ts";

const explain = useExplainChange();

const shapes = (trim: string) =>
  lines(
    "export class Shape {",
    "  name: string;",
    "  constructor(name: string) {",
    `    this.name = ${trim};`,
    "  }",
    "  describe(): string {",
    `    return ${trim};`,
    "  }",
    "}",
    "",
    // Defines no constructor: a `super(...)` below it runs Shape's.
    "export class Rect extends Shape {",
    "  area(): number {",
    "    return 0;",
    "  }",
    "}",
    "",
    "export class Square extends Rect {",
    "  side: number;",
    "  constructor(side: number) {",
    '    super("square");',
    "    this.side = side;",
    "  }",
    "  describe(): string {",
    "    return super.describe() + this.side;",
    "  }",
    "}",
    "",
    // Its own constructor calls no super of Shape's: a class of its own.
    "export class Circle {",
    "  constructor(radius: number) {",
    "    this.radius = radius;",
    "  }",
    "  radius: number;",
    "}",
  );

const tests = {
  "test/square.test.ts": lines(
    'import { Square } from "../src/shapes";',
    'it("squares", () => {',
    "  const s = new Square(2);",
    "  s.describe();",
    "});",
  ),
  "test/circle.test.ts": lines(
    'import { Circle } from "../src/shapes";',
    'it("circles", () => {',
    "  new Circle(1);",
    "});",
  ),
};

describe("super(...) in a subclass constructor", () => {
  it("reaches the base constructor through an intermediate class that inherits it", async () => {
    const result = await explain(
      { ...tests, "src/shapes.ts": shapes("name") },
      { "src/shapes.ts": shapes("name.trim()") },
    );
    const ctor = result.symbols.find((s) => s.qualifiedName === "Shape.constructor");
    expect(testFiles(ctor)).toEqual(["test/square.test.ts"]);
    expect(ctor?.testsReaching[0]?.via).toEqual([
      "squares",
      "Square",
      "Square.constructor",
      "Shape.constructor",
    ]);
    expect(ctor?.risks.some((r) => r.startsWith("no test"))).toBe(false);
    // super.describe() is a call of the base's method, which the index resolves.
    const describeBase = result.symbols.find((s) => s.qualifiedName === "Shape.describe");
    expect(testFiles(describeBase)).toEqual(["test/square.test.ts"]);
  });

  it("stops at the nearest base that defines a constructor", async () => {
    const chain = (body: string) =>
      lines(
        "class Base {",
        "  constructor(x) {",
        `    this.x = ${body};`,
        "  }",
        "}",
        "class Middle extends Base {",
        "  constructor(x) {",
        "    super(x);",
        "  }",
        "}",
        // Middle's constructor is what this super(...) runs; Base's runs through Middle's.
        "class Leaf extends Middle {",
        "  constructor() {",
        "    super(1);",
        "  }",
        "}",
        // A sibling of Middle that never calls super: nothing of Base's constructor runs from it.
        "class Other extends Base {",
        "  constructor() {",
        "    this.y = 2;",
        "  }",
        "}",
        "module.exports = { Leaf, Other };",
      );
    const result = await explain(
      {
        "lib/chain.js": chain("x"),
        "test/leaf.test.js": lines(
          'const { Leaf } = require("../lib/chain.js");',
          'it("makes a leaf", () => { new Leaf(); });',
        ),
        "test/other.test.js": lines(
          'const { Other } = require("../lib/chain.js");',
          'it("makes another", () => { new Other(); });',
        ),
      },
      { "lib/chain.js": chain("x + 0") },
    );
    const ctor = result.symbols.find((s) => s.qualifiedName === "Base.constructor");
    expect(testFiles(ctor)).toEqual(["test/leaf.test.js"]);
    expect(ctor?.testsReaching[0]?.via).toEqual([
      "makes a leaf",
      "Leaf",
      "Leaf.constructor",
      "Middle.constructor",
      "Base.constructor",
    ]);
  });
});
