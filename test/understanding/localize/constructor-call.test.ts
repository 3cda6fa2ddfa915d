// Constructor calls compared like any other call (constructor-call.ts, swapped-call-sites.ts), on
// indexes the real extractor built: `new X(...)`, a Python class called, a JS `super(...)` to a base in
// the project or outside it, and the traded pairs of a name and a kind of value they catch.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";
import { createSymbolLookup } from "../../../src/understanding/index/symbol-lookup.ts";
import { constructorCalls } from "../../../src/understanding/localize/constructor-call.ts";
import { swappedCallSites } from "../../../src/understanding/localize/swapped-call-sites.ts";
import { lines, makeRepo, type TestRepo } from "../make-repo.ts";

const repos: TestRepo[] = [];
afterAll(() => repos.forEach((r) => r.cleanup()));

async function indexOf(files: Record<string, string>): Promise<{ root: string; index: CodeIndex }> {
  const repo = makeRepo(files, { git: false });
  repos.push(repo);
  return { root: repo.root, index: await buildIndex(repo.root, { cache: null }) };
}

async function sitesOf(files: Record<string, string>) {
  const { root, index } = await indexOf(files);
  const readLines = (path: string) => readFileSync(join(root, path), "utf8").split("\n");
  return swappedCallSites(index, createSymbolLookup(index), readLines);
}

describe("what a constructor call runs", () => {
  it("binds `new X`, a subclass's `super(...)` and an inherited constructor to the constructor that runs", async () => {
    const { index } = await indexOf({
      "lib/a.js": lines(
        "export class Base {",
        "  constructor(name, kind) { this.name = name }",
        "}",
        "export class Child extends Base {",
        "  constructor(name) { super(name, 'child') }",
        "}",
        "class Plain extends Base {}",
        "class Visitor extends esrecurse.Visitor {",
        "  constructor(options) { super(null, options) }",
        "}",
        "export function make(name, kind) { return [new Base(name, kind), new Plain(name, kind)] }",
      ),
    });
    const lookup = createSymbolLookup(index);
    const constructorCall = constructorCalls(lookup);
    const runs = (line: number, calleeName: string) => {
      const call = index.calls.find((c) => c.line === line && c.calleeName === calleeName);
      const built = call ? constructorCall(call) : null;
      return built && { runs: built.runs?.id ?? null, group: built.group };
    };
    const ctor = "lib/a.js#Base.constructor@2";
    expect(runs(5, "super")).toEqual({ runs: ctor, group: ctor });
    expect(runs(11, "Base")).toEqual({ runs: ctor, group: ctor });
    expect(runs(11, "Plain")).toEqual({ runs: ctor, group: ctor });
    // A base from outside the project: its calls share its name, and no parameters are known.
    expect(runs(9, "super")).toEqual({ runs: null, group: "super:esrecurse.Visitor" });
    // A plain function call is no constructor call.
    expect(runs(2, "name")).toBeNull();
  });
});

describe("swapped arguments in constructor calls", () => {
  it("flags a Python class called with two of its `__init__`'s namesakes in each other's slot", async () => {
    const sites = await sitesOf({
      "pkg/ast.py": lines(
        "class ExprList:",
        "    def __init__(self, exprs, coord=None):",
        "        self.exprs = exprs",
      ),
      "pkg/parse.py": lines(
        "from pkg import ast",
        "",
        "",
        "def parse_list(expr, exprs):",
        "    return ast.ExprList(expr.coord, exprs)",
        "",
        "",
        "def parse_all(exprs, coord):",
        "    return ast.ExprList(exprs, coord)",
      ),
    });
    expect(sites).toEqual([
      {
        callerId: expect.stringContaining("parse_list"),
        where: "pkg/parse.py:5",
        detail: "passes expr.coord as __init__'s exprs",
      },
    ]);
  });

  it("flags a `super(...)` passing a name in its namesake's neighbour and an enum member where the others pass one", async () => {
    const sites = await sitesOf({
      "lib/definition.js": lines(
        "export const Kind = { Parameter: 'p', Variable: 'v', Catch: 'c' }",
        "export class Definition {",
        "  constructor(type, name, node) { this.type = type; this.name = name; this.node = node }",
        "}",
        "export class ParameterDefinition extends Definition {",
        "  constructor(name, node) {",
        "    super(name, Kind.Parameter, node)",
        "  }",
        "}",
      ),
      "lib/referencer.js": lines(
        "import { Definition, Kind } from './definition.js'",
        "export function variable(pattern, decl) { return new Definition(Kind.Variable, pattern, decl) }",
        "export function catcher(pattern, node) {",
        "  return new Definition(",
        "    Kind.Catch,",
        "    pattern,",
        "    node,",
        "  )",
        "}",
      ),
    });
    expect(sites).toEqual([
      {
        callerId: expect.stringContaining("ParameterDefinition.constructor"),
        where: "lib/definition.js:7",
        detail: expect.stringMatching(/passes name as argument 1 and Kind.Parameter as argument 2/),
      },
    ]);
  });

  it("flags a `super(...)` to a base outside the project that trades a literal with what its siblings pass", async () => {
    const sites = await sitesOf({
      "lib/visitors.js": lines(
        "import esrecurse from 'esrecurse'",
        "export class Importer extends esrecurse.Visitor {",
        "  constructor(referencer) { super(null, referencer.options) }",
        "}",
        "export class Referencer extends esrecurse.Visitor {",
        "  constructor(options) { super(null, options) }",
        "}",
        "export class PatternVisitor extends esrecurse.Visitor {",
        "  constructor(options) { super(options, null) }",
        "}",
      ),
    });
    expect(sites.map((s) => [s.where, s.callerId.includes("PatternVisitor")])).toEqual([
      ["lib/visitors.js:9", true],
    ]);
  });
});

describe("constructor calls the disagreement rule leaves alone", () => {
  it("leaves a name in a slot the other calls leave empty: an optional argument given, not a trade", async () => {
    const sites = await sitesOf({
      "lib/definition.js": lines(
        "export class Definition {",
        "  constructor(type, name, node, parent) { this.node = node; this.parent = parent }",
        "}",
        "export function a(t, id, node) { return new Definition(t, id, node, null) }",
        "export function b(t, id, node) { return new Definition(t, id, node, null) }",
        "export function c(t, id, node, decl) { return new Definition(t, id, decl, node) }",
      ),
    });
    expect(sites).toEqual([]);
  });
});
