// References beyond literal calls, resolved through imports, with real totals; tests that reach a
// symbol through calls. Real git, real tree-sitter, small projects written here.
import { describe, expect, it } from "vitest";
import { lines } from "../make-repo.ts";
import { useExplainChange } from "./explain-change.ts";

const explainChange = useExplainChange();

const tsProject = {
  "package.json": '{ "name": "shop", "type": "module", "main": "src/index.ts" }\n',
  "src/limits.ts": lines(
    "export const MAX_ITEMS = 10;",
    "export interface Item {",
    "  price: number;",
    "}",
    "export class Cart {",
    "  items: Item[] = [];",
    "}",
    "export function byPrice(a: Item, b: Item): number {",
    "  return a.price - b.price;",
    "}",
  ),
  "src/index.ts": lines(
    'import { MAX_ITEMS, Cart, byPrice, type Item } from "./limits.ts";',
    "export function fill(items: Item[]): Cart {",
    "  const cart = new Cart();",
    "  if (items.length > MAX_ITEMS) throw new Error('too many');",
    "  cart.items = [...items].sort(byPrice);",
    "  return cart;",
    "}",
  ),
};

describe("explain references", () => {
  it("counts a constant in an expression, a function passed as a value, a type in a signature and a constructed class", async () => {
    const result = await explainChange(tsProject, {
      "src/limits.ts": tsProject["src/limits.ts"]
        .replace("MAX_ITEMS = 10", "MAX_ITEMS = 20")
        .replace("price: number;", "price: number;\n  name?: string;")
        .replace("items: Item[] = [];", "items: Item[] = [];\n  note = '';")
        .replace("return a.price - b.price;", "return b.price - a.price;"),
    });
    const by = (name: string) => result.symbols.find((s) => s.qualifiedName === name);
    expect(by("MAX_ITEMS")?.references).toEqual([
      { caller: "fill", path: "src/index.ts", line: 4, use: "value" },
    ]);
    expect(by("byPrice")?.references).toEqual([
      { caller: "fill", path: "src/index.ts", line: 5, use: "value" },
    ]);
    expect(by("Item")?.references.map((r) => [r.path, r.line, r.use])).toEqual([
      ["src/index.ts", 2, "type"],
      ["src/limits.ts", 7, "type"],
      ["src/limits.ts", 10, "type"],
    ]);
    expect(by("Item")?.referenceTotal).toBe(3);
    expect(by("Cart")?.callers).toEqual([
      { caller: "fill", path: "src/index.ts", line: 3, use: "constructor" },
    ]);
    for (const s of result.symbols) expect(s.explanation).not.toContain("Nothing in the indexed code");
  });

  it("does not take a same-named function of another module for a caller (rtoml.loads)", async () => {
    const result = await explainChange(
      {
        "pyproject.toml": '[project]\nname = "tomlish"\n',
        "src/tomlish/__init__.py": lines("from tomlish._parser import loads", "", '__all__ = ["loads"]'),
        "src/tomlish/_parser.py": lines(
          "def loads(text):",
          "    return dict(x.split('=') for x in text.splitlines())",
        ),
        "benchmark/run.py": lines(
          "import rtoml",
          "import toml",
          "import tomlish",
          "",
          "def run(text):",
          "    rtoml.loads(text)",
          "    toml.loads(text)",
          "    return tomlish.loads(text)",
        ),
      },
      {
        "src/tomlish/_parser.py": lines(
          "def loads(text):",
          "    return dict(x.split('=', 1) for x in text.splitlines() if x)",
        ),
      },
    );
    const loads = result.symbols.find((s) => s.qualifiedName === "loads");
    expect(loads?.callers).toEqual([{ caller: "run", path: "benchmark/run.py", line: 8, use: "call" }]);
    expect(loads?.callerTotal).toBe(1);
    // A private module's function counts as public API only because the package re-exports it.
    expect(loads?.api).toEqual({ public: true, reason: "re-exported by src/tomlish/__init__.py" });
  });

  it("reports the real total of callers beyond the listed ones", async () => {
    const callers = Array.from(
      { length: 230 },
      (_, i) => `export function use${i}() {\n  return tax(${i});\n}`,
    );
    const result = await explainChange(
      {
        "package.json": '{ "name": "t", "type": "module" }\n',
        "src/tax.js": lines("export function tax(x) {", "  return x * 0.1;", "}"),
        "src/uses.js": lines('import { tax } from "./tax.js";', ...callers),
      },
      { "src/tax.js": lines("export function tax(x) {", "  return x * 0.2;", "}") },
    );
    const tax = result.symbols[0];
    expect(tax?.callerTotal).toBe(230);
    expect(tax?.callers).toHaveLength(200);
    expect(tax?.explanation).toContain("called from 230 place(s)");
  });

  it("links tests through calls, lists the diff's own test first, and never calls test code untested", async () => {
    const result = await explainChange(
      {
        "package.json": '{ "name": "guard", "type": "module" }\n',
        "src/guard.js": lines("export function isSafeKey(key) {", "  return key !== '__proto__';", "}"),
        "src/merge.js": lines(
          'import { isSafeKey } from "./guard.js";',
          "export function merge(target, source) {",
          "  for (const k of Object.keys(source)) if (isSafeKey(k)) target[k] = source[k];",
          "  return target;",
          "}",
        ),
        "test/merge.test.js": lines(
          'import { test } from "node:test";',
          'import { merge } from "../src/merge.js";',
          'test("merges", () => {',
          "  merge({}, { a: 1 });",
          "});",
        ),
      },
      {
        "src/guard.js": lines(
          "export function isSafeKey(key) {",
          "  return key !== '__proto__' && key !== 'constructor' && key !== 'prototype';",
          "}",
        ),
        "test/guard.test.js": lines(
          'import { test } from "node:test";',
          'import assert from "node:assert";',
          'import { isSafeKey } from "../src/guard.js";',
          'test("refuses prototype keys", () => {',
          "  assert.equal(isSafeKey('constructor'), false);",
          "});",
        ),
      },
    );
    const guard = result.symbols.find((s) => s.qualifiedName === "isSafeKey");
    expect(guard?.testsReaching.map((t) => [t.path, t.test, t.changedInDiff, t.via])).toEqual([
      ["test/guard.test.js", "refuses prototype keys", true, ["refuses prototype keys", "isSafeKey"]],
      ["test/merge.test.js", "merges", false, ["merges", "merge", "isSafeKey"]],
    ]);
    expect(guard?.risks.some((r) => r.includes("no test"))).toBe(false);
    expect(guard?.risks).toContain(
      "security-relevant: adds prototype keys (__proto__ / constructor / prototype): a prototype-pollution guard or risk",
    );
    const added = result.symbols.find((s) => s.file === "test/guard.test.js");
    expect(added?.isTest).toBe(true);
    expect(added?.risks.filter((r) => r.includes("test"))).toEqual([]);
  });

  it("reaches a method called through a field (this.negotiator.charsets()) when no other method has its name", async () => {
    const negotiator = (q: string) =>
      lines(
        "function Negotiator(request) {",
        "  this.request = request;",
        "}",
        "Negotiator.prototype.charsets = function charsets(available) {",
        `  return [this.request.accept, available].filter(Boolean)${q};`,
        "};",
        "Negotiator.prototype.languages = function languages() {",
        "  return [];",
        "};",
        "module.exports = Negotiator;",
      );
    const result = await explainChange(
      {
        "package.json": '{ "name": "negotiate", "main": "index.js" }\n',
        "index.js": negotiator(""),
        "test/charset.js": lines(
          "const assert = require('assert');",
          "const Negotiator = require('..');",
          "describe('charsets', function () {",
          "  beforeEach(function () {",
          "    this.negotiator = new Negotiator({ accept: 'utf-8' });",
          "  });",
          "  it('lists the accepted charsets', function () {",
          "    assert.deepEqual(this.negotiator.charsets(), ['utf-8']);",
          "  });",
          "});",
        ),
        "test/language.js": lines(
          "const Negotiator = require('..');",
          "it('has no languages', function () {",
          "  this.negotiator.languages();",
          "});",
        ),
      },
      { "index.js": negotiator(".slice(0, 10)") },
    );
    const charsets = result.symbols.find((s) => s.qualifiedName.endsWith("charsets"));
    expect(charsets?.testsReaching.map((t) => [t.path, t.test])).toEqual([
      ["test/charset.js", "charsets.lists the accepted charsets"],
    ]);
    expect(charsets?.risks.some((r) => r.includes("no test"))).toBe(false);
    // A prototype method of the exported constructor is public API, though assigned outside it.
    expect(charsets?.api).toEqual({ public: true, reason: "a member of a public class" });
  });

  it("reaches a constructor through its class's instantiations (Flags() calls Flags.__init__)", async () => {
    const parser = (init: string) =>
      lines(
        "class Flags:",
        "    def __init__(self):",
        `        self.flags = ${init}`,
        "",
        "def loads(text):",
        "    flags = Flags()",
        "    return dict(line.split('=') for line in text.splitlines())",
      );
    const result = await explainChange(
      {
        "pyproject.toml": '[project]\nname = "tomlish"\n',
        "tomlish/__init__.py": "from .parser import loads\n",
        "tomlish/parser.py": parser("{}"),
        "tests/test_loads.py": lines(
          "import tomlish",
          "",
          "def test_loads():",
          "    assert tomlish.loads('a=1') == {'a': '1'}",
        ),
      },
      { "tomlish/parser.py": parser("dict()") },
    );
    const init = result.symbols.find((s) => s.qualifiedName === "Flags.__init__");
    expect(init?.callers.map((c) => [c.path, c.line, c.use])).toEqual([
      ["tomlish/parser.py", 6, "constructor"],
    ]);
    expect(init?.testsReaching.map((t) => [t.path, t.via])).toEqual([
      ["tests/test_loads.py", ["test_loads", "loads", "Flags.__init__"]],
    ]);
  });
});
