// Call edges through dynamic dispatch, read from a real indexed checkout: `this[x](...)` reaches the
// class's and its subclasses' methods, `table[x](...)` / `table[x].call(...)` the functions stored in
// that table (object literal members, `key: ref` entries, `table.x = f` / `table['x'] = f`), Python's
// `getattr(self, 'visit_' + x)` the methods of that prefix; an attribute read through getattr, a
// table too large to say anything, and a receiver nothing names get no edge. The reach signal then
// credits a handler that only a dispatcher runs.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";
import { createSymbolLookup, type SymbolLookup } from "../../../src/understanding/index/symbol-lookup.ts";
import {
  dispatchEdges,
  MAX_TARGETS,
  type DispatchEdges,
} from "../../../src/understanding/localize/dispatch-edges.ts";
import { failingReachSignal } from "../../../src/understanding/localize/failing-reach-signal.ts";
import { makeRepo, type TestRepo } from "../make-repo.ts";

const many = Array.from({ length: MAX_TARGETS + 1 }, (_, i) => `  h${i}(x) { return x + ${i}; },`);
const files: Record<string, string> = {
  "package.json": '{ "name": "dispatch", "type": "module", "private": true }\n',
  "src/lex.js": [
    "const lexStates = {",
    "  default() { return lexStates.value(); },",
    "  value: function () { return 1; },",
    "  string: readString,",
    "};",
    "function readString() { return 's'; }",
    "export function lex(state) {",
    "  return lexStates[state]();",
    "}",
    "const directiveHandlers = {};",
    "directiveHandlers.YAML = function handleYaml(s) { return s; };",
    "directiveHandlers['TAG'] = handleTag;",
    "function handleTag(s) { return s; }",
    "export function directive(name, s) {",
    "  return directiveHandlers[name].call(null, s);",
    "}",
    "export function passThrough(fns, k) {",
    "  return fns[k]();",
    "}",
    "const big = {",
    ...many,
    "};",
    "export function walkBig(k) {",
    "  return big[k](1);",
    "}",
    "",
  ].join("\n"),
  "src/visit.js": [
    "export class Stringifier {",
    "  stringify(node) { this[node.type](node); }",
    "  root(node) { return node; }",
    "  rule(node) { return node; }",
    "}",
    "export class Pretty extends Stringifier {",
    "  decl(node) { return node; }",
    "}",
    "",
  ].join("\n"),
  "pkg/visitor.py": [
    "class NodeVisitor:",
    "    def visit(self, node):",
    "        method = 'visit_' + type(node).__name__",
    "        return getattr(self, method, self.generic_visit)(node)",
    "",
    "    def generic_visit(self, node):",
    "        return None",
    "",
    "    def fields(self, names):",
    "        return [getattr(self, n) for n in names]",
    "",
    "",
    "class Printer(NodeVisitor):",
    "    def visit_If(self, node):",
    "        return 'if'",
    "",
    "    def visit_While(self, node):",
    "        return 'while'",
    "",
    "    def helper(self):",
    "        return 1",
    "",
  ].join("\n"),
  "test/lex.test.js": [
    'import { lex } from "../src/lex.js";',
    'test("lexes a string", () => {',
    '  expect(lex("string")).toBe("s");',
    "});",
    "",
  ].join("\n"),
};

let repo: TestRepo;
let index: CodeIndex;
let lookup: SymbolLookup;
let edges: DispatchEdges;
beforeAll(async () => {
  repo = makeRepo(files);
  index = await buildIndex(repo.root, { cache: null });
  lookup = createSymbolLookup(index);
  edges = dispatchEdges(index, lookup, (path) => readFileSync(join(repo.root, path), "utf8").split("\n"));
});
afterAll(() => repo.cleanup());

/** The qualified names a caller's dispatch sites reach, sorted. */
function reached(caller: string): string[] {
  const from = index.symbols.find((s) => s.qualifiedName === caller);
  if (!from) throw new Error(`no symbol ${caller}`);
  return [...(edges.get(from.id) ?? [])].map((id) => lookup.byId(id)!.qualifiedName).sort();
}

describe("dispatch edges", () => {
  it("link a table dispatch to the literal's members and its `key: ref` entries", () => {
    expect(reached("lex")).toEqual(["lexStates.default", "lexStates.value", "readString"]);
  });

  it("link `table[x].call(...)` to the functions assigned into the table", () => {
    expect(reached("directive")).toEqual(["directiveHandlers.YAML", "handleTag"]);
  });

  it("link `this[x](...)` to the methods of the class and of its subclasses", () => {
    expect(reached("Stringifier.stringify")).toEqual(["Pretty.decl", "Stringifier.root", "Stringifier.rule"]);
  });

  it("link a Python getattr dispatch to the methods of the prefix it builds", () => {
    expect(reached("NodeVisitor.visit")).toEqual(["Printer.visit_If", "Printer.visit_While"]);
    expect(reached("NodeVisitor.fields")).toEqual([]);
  });

  it("leave out a receiver nothing names and a table too large to say which ran", () => {
    expect(reached("passThrough")).toEqual([]);
    expect(reached("walkBig")).toEqual([]);
  });

  it("let a failing test reach the handler only the dispatcher runs, at half a call chain's weight", () => {
    const test = { file: "test/lex.test.js", line: 3 };
    const readString = index.symbols.find((s) => s.name === "readString")!.id;
    expect(failingReachSignal(index, lookup, [test]).has(readString)).toBe(false);
    expect(failingReachSignal(index, createSymbolLookup(index), [test], edges).get(readString)).toEqual({
      strength: 0.5,
      detail: "reached by 1 of 1 failing tests, some only through a dispatch",
    });
  });
});
