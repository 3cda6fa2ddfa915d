// Which functions a name that is data reaches, read from a real indexed checkout: registration calls,
// tables, subscript assignments and prefix dispatchers count; exports objects, local values passed
// beside a string, a prefix shared by fewer than three methods or without a word and another function's own name do not.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import type { CodeIndex, CodeSymbol, IndexedFile } from "../../../src/understanding/index/code-index.ts";
import { createSymbolLookup, type SymbolLookup } from "../../../src/understanding/index/symbol-lookup.ts";
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
    "export function whisper(s) { return s.toLowerCase(); }",
    "export function murmur(s) { return s; }",
    "export function http_get() { return 1; }",
    "export function http_post() { return 2; }",
    "export function http_put() { return 3; }",
    "export function outer() {",
    "  function inner() { return 1; }",
    "  return inner;",
    "}",
    "",
  ].join("\n"),
  "src/registry.js": [
    'import * as fn from "./fns.js";',
    'import { hardBreak, shout, decode, whisper as murmur } from "./fns.js";',
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
    "register('hush', murmur);",
    "export default {",
    "  parse: decode,",
    "  nested: {",
    "    deep: decode,",
    "  },",
    "  hidden: decode,",
    "};",
    "export const url = (host) => 'http_' + host;",
    "export function pick(value) {",
    "  const encoding = value.trim();",
    "  return register('identity', encoding);",
    "}",
    "",
  ].join("\n"),
  "src/late.js": [
    'import { decode } from "./fns.js";',
    "module.exports = { decode };",
    "export const late = {",
    "  later: decode,",
    "};",
    "",
  ].join("\n"),
  "src/late_table.py": [
    "from .codec import decode_py",
    "__all__ = ['HANDLERS']",
    "HANDLERS = {",
    "    'unpack': decode_py,",
    "}",
    "",
  ].join("\n"),
  "src/codec.py": ["def decode_py(s):", "    return s", ""].join("\n"),
  "src/style/line-height.js": [
    "export default function tightenLineHeight(node) {",
    "  return node;",
    "}",
    "",
  ].join("\n"),
  "src/style/padding.js": ["export default function (node) {", "  return node;", "}", ""].join("\n"),
  "src/style/rules.js": [
    'import lineHeight from "./line-height.js";',
    'import padding from "./padding.js";',
    'import { hardBreak, shout, decode } from "../fns.js";',
    "",
    "export const rules = {",
    "  'line-height': lineHeight,",
    "  inset: padding,",
    '  ["text-indent"]: hardBreak,',
    "};",
    "const more = {};",
    "more['word-break'] = shout;",
    "register('on:paste', decode);",
    "",
  ].join("\n"),
  "src/style/headers.py": [
    "from ..codec import decode_py",
    "",
    "PARSERS = {",
    "    'max-age': decode_py,",
    "}",
    "",
  ].join("\n"),
  "src/emitter.py": [
    "class Emitter:",
    "    def emit(self, kind):",
    "        method = 'emit_' + kind",
    "        return getattr(self, method)()",
    "",
    "    def emit_Alpha(self):",
    "        return 1",
    "",
    "    def emit_Beta(self):",
    "        return 2",
    "",
    "    def emit_Gamma(self):",
    "        return 3",
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
    expect(names("While")).toEqual(["src/visitor.py#Visitor.visit_While@8"]);
  });

  it("follows a prefix built into a variable that getattr then reads", () => {
    expect(names("Alpha")).toEqual(["src/emitter.py#Emitter.emit_Alpha@6"]);
  });

  it("takes a string concatenated outside getattr or a subscript for text, not a dispatch", () => {
    expect(registered.has("post")).toBe(false);
  });

  it("registers no alias shorter than the signal can match", () => {
    expect(registered.has("If")).toBe(false);
  });

  it("binds a renamed import to the function it was declared as", () => {
    expect(names("hush")).toEqual(["src/fns.js#whisper@6"]);
  });

  it("keeps reading tables after a one-line exports object or an __all__ list", () => {
    expect(names("later")).toEqual(["src/fns.js#decode@4"]);
    expect(names("unpack")).toEqual(["src/codec.py#decode_py@1"]);
  });

  it("reads a key that joins words, quoted or computed", () => {
    expect(names("text-indent")).toEqual(["src/fns.js#hardBreak@2"]);
    expect(names("word-break")).toEqual(["src/fns.js#shout@3"]);
    expect(names("on:paste")).toEqual(["src/fns.js#decode@4"]);
    expect(names("max-age")).toEqual(["src/codec.py#decode_py@1"]);
  });

  it("binds a default import to the function the module exports as its default", () => {
    expect(names("line-height")).toEqual(["src/style/line-height.js#tightenLineHeight@1"]);
    expect(names("inset")).toEqual(["src/style/padding.js#default@1"]);
  });

  it("ignores an exports object, a local value and a prefix too few methods share", () => {
    expect(registered.has("parse")).toBe(false);
    expect(registered.has("hidden")).toBe(false);
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

// Shapes no small checkout has: a name declared ~140k times and a line padded with 64 KB of blanks.
describe("registeredNames at scale", () => {
  const fn = (name: string, qualifiedName: string, file: string): CodeSymbol => ({
    id: `${file}#${qualifiedName}@1`,
    name,
    qualifiedName,
    kind: qualifiedName.includes(".") ? "method" : "function",
    file,
    startLine: 1,
    endLine: 1,
    signature: "",
    doc: null,
    exported: true,
    parent: null,
  });
  const appFile: IndexedFile = {
    path: "src/app.js",
    language: "javascript",
    blobSha: "",
    bytes: 0,
    lines: 0,
    isTest: false,
  };
  // `byName` may answer with more symbols than the index lists: the lookup is what registeredNames
  // reads names through, and building a real one for 140k same-named symbols takes seconds.
  const build = (
    symbols: CodeSymbol[],
    lines: string[],
    byName?: SymbolLookup["byName"],
  ): RegisteredNames => {
    const index: CodeIndex = { root: "/", files: [appFile], symbols, imports: [], calls: [], skipped: [] };
    const lookup = createSymbolLookup(index);
    return registeredNames(index, byName ? { ...lookup, byName } : lookup, (path) =>
      path === appFile.path ? lines : null,
    );
  };

  it("picks the shallowest of ~140k functions sharing a name", () => {
    const top = fn("handler", "handler", "lib/top.js");
    const many = Array.from({ length: 140_000 }, (_, i) => fn("handler", `C${i}.handler`, `lib/c${i}.js`));
    const registered = build([top], ["register('run', lib.handler);"], (name) =>
      name === "handler" ? [...many, top] : [],
    );
    expect([...(registered.get("run") ?? [])]).toEqual(["lib/top.js#handler@1"]);
  });

  it("reads a table line with 64 KB of trailing blanks", () => {
    const blanks = " ".repeat(65_536);
    const registered = build(
      [fn("decode", "decode", appFile.path)],
      [
        `  fast: decode${blanks}`,
        `  slow: decode${blanks}x`,
        `t['sub'] = decode${blanks}`,
        `t['bad'] = decode${blanks}x`,
      ],
    );
    expect([...(registered.get("fast") ?? [])]).toEqual(["src/app.js#decode@1"]);
    expect([...(registered.get("sub") ?? [])]).toEqual(["src/app.js#decode@1"]);
    expect(registered.has("slow")).toBe(false);
    expect(registered.has("bad")).toBe(false);
  });
});
