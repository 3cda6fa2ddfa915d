// Handlers in a table keyed by node type are reached by `handle[node.type]`, which no call edge
// follows: the failing test says which one ran only by spelling its key (`type: 'strong'`). The suite
// is run for real with node:test; the fault (one asterisk instead of two) is in lib/handle/strong.js.
// Every test spells `'text'`, so that name says little; `'emphasis'` only passing tests spell.
import { describe, expect, it } from "vitest";
import { rankedAfterFailingRun } from "./failing-run.ts";

const handler = (name: string, body: string) =>
  [`export function ${name}(node, state) {`, `  ${body}`, "}", ""].join("\n");

const files: Record<string, string> = {
  "package.json": '{ "name": "to-text", "type": "module", "private": true }\n',
  "lib/handle/strong.js": handler("strong", "return '*' + state.all(node) + '*'"),
  "lib/handle/emphasis.js": handler("emphasis", "return '_' + state.all(node) + '_'"),
  "lib/handle/text.js": handler("text", "return node.value"),
  "lib/handle/index.js": [
    'import { emphasis } from "./emphasis.js";',
    'import { strong } from "./strong.js";',
    'import { text } from "./text.js";',
    "",
    "export const handle = { emphasis, strong, text };",
    "",
  ].join("\n"),
  "lib/index.js": [
    'import { handle } from "./handle/index.js";',
    "",
    "export function toText(tree) {",
    "  const state = { all: (node) => node.children.map((child) => one(child)).join('') };",
    "  function one(node) {",
    "    return handle[node.type](node, state);",
    "  }",
    "  return one(tree);",
    "}",
    "",
  ].join("\n"),
  "test/index.test.js": [
    'import assert from "node:assert/strict";',
    'import { test } from "node:test";',
    'import { toText } from "../lib/index.js";',
    "",
    'const leaf = (value) => ({ type: "text", value });',
    "",
    'test("plain", () => {',
    '  assert.equal(toText(leaf("a")), "a");',
    "});",
    "",
    'test("two leaves", () => {',
    '  assert.equal(toText({ type: "emphasis", children: [{ type: "text", value: "a" }, { type: "text", value: "b" }] }), "_ab_");',
    "});",
    "",
    'test("a longer leaf", () => {',
    '  assert.equal(toText({ type: "text", value: "abc" }), "abc");',
    "});",
    "",
    'test("emphasis", () => {',
    '  assert.equal(toText({ type: "emphasis", children: [leaf("a")] }), "_a_");',
    "});",
    "",
    'test("importance", () => {',
    '  assert.equal(toText({ type: "strong", children: [{ type: "text", value: "b" }] }), "**b**");',
    "});",
    "",
  ].join("\n"),
};

const ranked = rankedAfterFailingRun(files, [process.execPath, "--test", "test/index.test.js"]);

const find = (symbol: string) => ranked().find((s) => s.symbol === symbol);
const literal = (symbol: string) => find(symbol)?.why.find((w) => w.startsWith("test_literal:"));

describe("localize when a failing test names a table's key", () => {
  it("credits the handler whose name the failing test spells", () => {
    expect(literal("strong")).toBe("test_literal: 'strong' spelled by 1 failing test(s)");
  });

  it("ranks it above the handlers the failing test does not name", () => {
    const at = (symbol: string) => ranked().findIndex((s) => s.symbol === symbol);
    expect(at("strong")).toBeGreaterThanOrEqual(0);
    expect(at("strong")).toBeLessThan(at("emphasis") === -1 ? Infinity : at("emphasis"));
  });

  it("gives a name every test spells less than a rare one, and none to what only passing tests spell", () => {
    expect(literal("emphasis")).toBeUndefined();
    const strength = (symbol: string) => {
      const s = find(symbol);
      return s ? s.score : 0;
    };
    expect(literal("text")).toBeDefined();
    expect(strength("text")).toBeLessThan(strength("strong"));
  });
});
