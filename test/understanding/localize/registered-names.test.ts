// Which functions a name that is data reaches, read from a real indexed checkout: registration calls,
// tables, subscript assignments and prefix dispatchers count; exports objects, local values passed
// beside a string, a prefix shared by fewer than three methods or without a word and another function's own name do not.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import { createSymbolLookup } from "../../../src/understanding/index/symbol-lookup.ts";
import {
  registeredNames,
  type RegisteredNames,
} from "../../../src/understanding/localize/registered-names.ts";
import { makeRepo, type TestRepo } from "../make-repo.ts";

const files: Record<string, string> = {
  "package.json": '{ "name": "reg", "type": "module", "private": true }\n',
  "src/fns.js": [
    "export function merge(a) { return a; }",
    "export function hardBreak() { return '\\n'; }",
    "export function shout(s) { return s.toUpperCase(); }",
    "export function decode(s) { return s; }",
    "export function encoding() { return 'utf8'; }",
    "export function outer() {",
    "  function inner() { return 1; }",
    "  return inner;",
    "}",
    "",
  ].join("\n"),
  "src/registry.js": [
    'import * as fn from "./fns.js";',
    'import { hardBreak, shout, decode } from "./fns.js";',
    "",
    "const table = new Map();",
    "const wrap = (f, signature) => ({ f, signature });",
    "const register = (name, entry) => table.set(name, entry);",
    "register('merge', wrap(fn.merge, '<a:o>'));",
    "export const handlers = {",
    "  break: hardBreak,",
    "  shout: hardBreak,",
    "};",
    "const loud = {};",
    "loud['yell'] = shout;",
    "register('callback', visitor.inner);",
    "export default {",
    "  parse: decode,",
    "};",
    "export function pick(value) {",
    "  const encoding = value.trim();",
    "  return register('identity', encoding);",
    "}",
    "",
  ].join("\n"),
  "src/visitor.py": [
    "class Visitor:",
    "    def visit(self, node):",
    "        return getattr(self, 'visit_' + type(node).__name__)(node)",
    "",
    "    def visit_If(self, node):",
    "        return node",
    "",
    "    def visit_While(self, node):",
    "        return node",
    "",
    "    def visit_PtrDecl(self, node):",
    "        return node",
    "",
    "    def on_a(self):",
    "        return 'on_' + self.kind",
    "",
    "    def on_bb(self):",
    "        return None",
    "",
    "    def _first(self):",
    "        return '_' + self.kind",
    "",
    "    def _second(self):",
    "        return None",
    "",
    "    def _third(self):",
    "        return None",
    "",
  ].join("\n"),
};

let repo: TestRepo;
let registered: RegisteredNames;
const names = (alias: string) => [...(registered.get(alias) ?? [])].sort();

beforeAll(async () => {
  repo = makeRepo(files, { git: false });
  const index = await buildIndex(repo.root, { cache: null });
  const readLines = (path: string) => readFileSync(join(repo.root, path), "utf8").split("\n");
  registered = registeredNames(index, createSymbolLookup(index), readLines);
});
afterAll(() => repo.cleanup());

describe("registeredNames", () => {
  it("binds a registration call's string to the function it wraps", () => {
    expect(names("merge")).toEqual(["src/fns.js#merge@1"]);
  });

  it("binds a table's key and a subscript's key to the imported function", () => {
    expect(names("break")).toEqual(["src/fns.js#hardBreak@2"]);
    expect(names("yell")).toEqual(["src/fns.js#shout@3"]);
  });

  it("gives a prefix dispatcher's methods the rest of their names", () => {
    expect(names("PtrDecl")).toEqual(["src/visitor.py#Visitor.visit_PtrDecl@11"]);
    expect(names("If")).toEqual(["src/visitor.py#Visitor.visit_If@5"]);
  });

  it("ignores an exports object, a local value and a prefix too few methods share", () => {
    expect(registered.has("parse")).toBe(false);
    expect(registered.has("identity")).toBe(false);
    expect(registered.has("bb")).toBe(false);
    expect(registered.has("second")).toBe(false);
  });

  it("resolves a reference to no function declared inside another", () => {
    expect(registered.has("callback")).toBe(false);
  });

  it("drops an alias that another function has as its own name", () => {
    expect(registered.has("shout")).toBe(false);
    expect(names("yell")).toEqual(["src/fns.js#shout@3"]);
  });
});
