// Builtins registered by a string (`bind("merge", fn.merge)`) and visitor methods found by a built
// name (`getattr(self, "visit_" + name)`) are reached by no call edge; a failing test says which one
// ran only by its name: `$merge([...])`, `test_ptr_decl`. Both suites run for real (node:test,
// unittest) and fail on a wrong output value, with no stack into the faulty function.
import { describe, expect, it } from "vitest";
import type { SuspectLocation } from "../../../src/understanding/localize/localize.ts";
import { rankedAfterFailingRun, unittestDiscover } from "./failing-run.ts";

const evaluator: Record<string, string> = {
  "package.json": '{ "name": "expr", "type": "module", "private": true }\n',
  "src/functions.js": [
    "export function merge(objects) {",
    "  const out = {};",
    "  for (const o of objects) for (const k of Object.keys(o)) out[k] = k;",
    "  return out;",
    "}",
    "",
    "export function sum(values) {",
    "  return values.reduce((a, b) => a + b, 0);",
    "}",
    "",
    "export function count(values) {",
    "  return values.length;",
    "}",
    "",
  ].join("\n"),
  "src/evaluate.js": [
    'import * as fn from "./functions.js";',
    "",
    "const builtins = new Map();",
    "function bind(name, impl) {",
    "  builtins.set(name, impl);",
    "}",
    'bind("merge", fn.merge);',
    'bind("sum", fn.sum);',
    'bind("count", fn.count);',
    "",
    "export function evaluate(expression) {",
    "  const call = /^\\$(\\w+)\\((.*)\\)$/.exec(expression);",
    "  return builtins.get(call[1])(JSON.parse(call[2]));",
    "}",
    "",
  ].join("\n"),
  "test/cases.test.js": [
    'import assert from "node:assert/strict";',
    'import { test } from "node:test";',
    'import { evaluate } from "../src/evaluate.js";',
    "",
    "const cases = [",
    '  ["$sum([1, 2])", 3],',
    '  ["$count([1, 2, 3])", 3],',
    '  [\'$merge([{"a": 1}, {"b": 2}])\', { a: 1, b: 2 }],',
    "  ['$merge([{\"a\": 3}])', { a: 3 }],",
    "];",
    "for (const [expression, expected] of cases) {",
    "  test(expression, () => {",
    "    assert.deepEqual(evaluate(expression), expected);",
    "  });",
    "}",
    "",
  ].join("\n"),
};

const visitor: Record<string, string> = {
  "gen/__init__.py": "",
  "gen/nodes.py": [
    "class Node:",
    "    def __init__(self, name, inner=None):",
    "        self.name = name",
    "        self.inner = inner",
    "",
    "",
    "class PtrDecl(Node):",
    "    pass",
    "",
    "",
    "class ArrayDecl(Node):",
    "    pass",
    "",
    "",
    "class TypeDecl(Node):",
    "    pass",
    "",
  ].join("\n"),
  "gen/generator.py": [
    "class Generator:",
    "    def visit(self, node):",
    "        method = 'visit_' + node.__class__.__name__",
    "        return getattr(self, method)(node)",
    "",
    "    def visit_TypeDecl(self, node):",
    "        return 'int ' + node.name",
    "",
    "    def visit_PtrDecl(self, node):",
    "        return self.visit(node.inner) + '*'",
    "",
    "    def visit_ArrayDecl(self, node):",
    "        return self.visit(node.inner) + '[]'",
    "",
  ].join("\n"),
  "tests/__init__.py": "",
  "tests/test_generator.py": [
    "import unittest",
    "",
    "from gen.generator import Generator",
    "from gen.nodes import ArrayDecl, PtrDecl, TypeDecl",
    "",
    "",
    "class TestGenerator(unittest.TestCase):",
    "    def test_type_decl(self):",
    "        self.assertEqual(Generator().visit(TypeDecl('x')), 'int x')",
    "",
    "    def test_array_decl(self):",
    "        self.assertEqual(Generator().visit(ArrayDecl('', TypeDecl('x'))), 'int x[]')",
    "",
    "    def test_ptr_decl(self):",
    "        self.assertEqual(Generator().visit(PtrDecl('', TypeDecl('x'))), 'int *x')",
    "",
  ].join("\n"),
};

// A style minifier whose handlers sit in a table under property names; the failing test's title names
// no property, its assertion diff prints the minified text, which does.
const minifier: Record<string, string> = {
  "package.json": '{ "name": "mini", "type": "module", "private": true }\n',
  "src/props/spacing.js": [
    "export default function zeroSpacing(value) {",
    '  return value === "0px" ? "1" : value;',
    "}",
    "",
  ].join("\n"),
  "src/props/weight.js": [
    "export function numericWeight(value) {",
    '  return value === "bold" ? "700" : value;',
    "}",
    "",
    "export function keepColor(value) {",
    "  return value;",
    "}",
    "",
  ].join("\n"),
  "src/minify.js": [
    'import spacing from "./props/spacing.js";',
    'import { keepColor, numericWeight } from "./props/weight.js";',
    "",
    "const handlers = {",
    "  'letter-spacing': spacing,",
    "  'font-weight': numericWeight,",
    "  color: keepColor,",
    "};",
    "",
    "export function minify(text) {",
    "  return text.replace(/([a-z-]+):\\s*([^;}]+)/g, (_, name, value) => {",
    "    const handler = handlers[name];",
    "    return `${name}:${handler ? handler(value.trim()) : value.trim()}`;",
    "  });",
    "}",
    "",
  ].join("\n"),
  "test/minify.test.js": [
    'import assert from "node:assert/strict";',
    'import { test } from "node:test";',
    'import { minify } from "../src/minify.js";',
    "",
    'test("minifies the first sample", () => {',
    '  assert.equal(minify("p{letter-spacing: 0px; color: red}"), "p{letter-spacing:0;color:red}");',
    "});",
    "",
    'test("minifies the second sample", () => {',
    '  assert.equal(minify("b{font-weight: bold}"), "b{font-weight:700}");',
    "});",
    "",
  ].join("\n"),
};

const registered = (ranked: readonly SuspectLocation[], symbol: string) =>
  ranked.find((s) => s.symbol === symbol)?.why.find((w) => w.startsWith("registered_name:"));

describe("localize when a failing test names a registered builtin", () => {
  const ranked = rankedAfterFailingRun(evaluator, [process.execPath, "--test", "test/cases.test.js"]);

  it("credits the function bound under the name the failing tests spell", () => {
    expect(registered(ranked(), "merge")).toBe(
      "registered_name: registered as 'merge', spelled by 2 failing test name(s)",
    );
    expect(registered(ranked(), "sum")).toBeUndefined();
  });

  it("ranks it first, above the evaluator every test runs", () => {
    expect(ranked()[0]?.symbol).toBe("merge");
  });
});

describe("localize when a failing test names a visitor's node type", () => {
  const ranked = rankedAfterFailingRun(visitor, unittestDiscover);

  it("credits the method the dispatcher's prefix and the node type name", () => {
    expect(registered(ranked(), "Generator.visit_PtrDecl")).toBe(
      "registered_name: registered as 'PtrDecl', spelled by 1 failing test name(s)",
    );
    expect(registered(ranked(), "Generator.visit_TypeDecl")).toBeUndefined();
  });

  it("ranks it first, above the dispatcher", () => {
    expect(ranked()[0]?.symbol).toBe("Generator.visit_PtrDecl");
  });
});

describe("localize when a failure message spells a table's property name", () => {
  const ranked = rankedAfterFailingRun(minifier, [process.execPath, "--test", "test/minify.test.js"]);

  it("credits the handler registered under the name the failure message spells", () => {
    expect(registered(ranked(), "zeroSpacing")).toBe(
      "registered_name: registered as 'letter-spacing', spelled by 1 failure message(s)",
    );
  });

  it("credits no handler under a one-word key or one the messages do not spell", () => {
    expect(registered(ranked(), "keepColor")).toBeUndefined();
    expect(registered(ranked(), "numericWeight")).toBeUndefined();
  });
});
