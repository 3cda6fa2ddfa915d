// A small JavaScript repository whose unit test fails: sum() subtracts.
export const sumRepo: Record<string, string> = {
  "package.json": '{ "name": "sum", "type": "module" }\n',
  "src/sum.js": "export function sum(a, b) {\n  return a - b;\n}\n",
  "test/sum.test.js": [
    'import assert from "node:assert/strict";',
    'import { test } from "node:test";',
    'import { sum } from "../src/sum.js";',
    "",
    'test("adds two numbers", () => {',
    "  assert.equal(sum(2, 3), 5);",
    "});",
    "",
    'test("adds negatives", () => {',
    "  assert.equal(sum(-2, -2), -4);",
    "});",
    "",
  ].join("\n"),
};

export const testCommand = "node --test";
