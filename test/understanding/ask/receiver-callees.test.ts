// A call the index leaves unbound runs what the class hierarchy says (on self or super), or a name's
// one symbol or the calling file's namesake, not every project symbol of that name
// (receiver-callees.ts). A fixture written for the test, indexed
// with real tree-sitter.
import { describe, expect, it } from "vitest";
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";
import { askCallees } from "../../../src/understanding/ask/receiver-callees.ts";
import { lines } from "../make-repo.ts";
import { useIndexedRepo } from "./indexed-repo.ts";

const indexOf = useIndexedRepo();

const shapes = {
  "geo/errors.py": lines(
    "class ShapeError(Exception):",
    "    def __init__(self, name):",
    '        super().__init__("no shape called " + name)',
    "        self.name = name",
  ),
  "geo/shapes.py": lines(
    "class Shape:",
    "    def __init__(self, size):",
    "        self.size = size",
    "",
    "    def describe(self):",
    '        return "a shape of " + self.area_text()',
    "",
    "",
    "class Square(Shape):",
    "    def __init__(self, size):",
    "        super().__init__(size)",
    "",
    "    def area_text(self):",
    "        return str(self.size * self.size)",
  ),
  "geo/framed.py": lines(
    "from .shapes import Square",
    "",
    "",
    "class Bordered:",
    "    def __init__(self, size, border=1):",
    "        self.border = border",
    "        super().__init__(size)",
    "",
    "",
    "class FramedSquare(Bordered, Square):",
    "    pass",
  ),
  "geo/report.py": lines(
    "class Report:",
    "    def __init__(self, rows):",
    "        self.rows = rows",
    "",
    "    def area_text(self):",
    '        return ", ".join(self.rows)',
    "",
    "",
    "def report_line(report):",
    "    return report.area_text()",
  ),
  "geo/summary.py": lines("def summarise(item):", '    return "area: " + item.area_text()'),
};

/** The qualified names a call made on `line` of `file` reaches, for the call named `callee`. */
function calleesAt(index: CodeIndex, file: string, line: number, callee: string): string[] {
  const call = index.calls.find((c) => c.file === file && c.line === line && c.calleeName === callee);
  if (!call) throw new Error(`no call ${callee} at ${file}:${line}`);
  return askCallees(index)(call)
    .map((s) => s.qualifiedName)
    .sort();
}

describe("ask: what an unbound call on another receiver runs", () => {
  it("binds a name several classes define to none of them", async () => {
    const { index } = await indexOf(shapes);
    expect(calleesAt(index, "geo/summary.py", 2, "item.area_text")).toEqual([]);
  });

  it("binds it to the namesake in the calling file when there is one", async () => {
    const { index } = await indexOf(shapes);
    expect(calleesAt(index, "geo/report.py", 10, "report.area_text")).toEqual(["Report.area_text"]);
  });
});

describe("ask: what a call on self or super runs", () => {
  it("binds super().__init__ of a class whose base is outside the project to nothing", async () => {
    const { index } = await indexOf(shapes);
    expect(calleesAt(index, "geo/errors.py", 3, "super().__init__")).toEqual([]);
  });

  it("binds super().__init__ to the project base's constructor", async () => {
    const { index } = await indexOf(shapes);
    expect(calleesAt(index, "geo/shapes.py", 11, "super().__init__")).toEqual(["Shape.__init__"]);
  });

  it("binds super().__init__ in a mixin to the class written after it where it is combined", async () => {
    const { index } = await indexOf(shapes);
    expect(calleesAt(index, "geo/framed.py", 7, "super().__init__")).toEqual(["Square.__init__"]);
  });

  it("binds self.m() the base leaves to its subclasses to their overrides, not to a namesake elsewhere", async () => {
    const { index } = await indexOf(shapes);
    expect(calleesAt(index, "geo/shapes.py", 6, "self.area_text")).toEqual(["Square.area_text"]);
  });
});
