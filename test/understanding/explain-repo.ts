// A small JavaScript project at two commits, shared by the explain tests: `total` gains a parameter
// and a new callee, `applyTax` is added, `legacyDiscount` is removed, `checkout` (another file, not
// changed) calls `total`, and a test file calls `total`.
export const baseFiles: Record<string, string> = {
  "package.json": '{ "name": "shop", "type": "module" }\n',
  "src/cart.js": [
    "export function total(items) {",
    "  return items.reduce((s, i) => s + i.price, 0);",
    "}",
    "",
    "export function legacyDiscount(x) {",
    "  return x * 0.9;",
    "}",
    "",
  ].join("\n"),
  "src/checkout.js": [
    'import { total } from "./cart.js";',
    "",
    "export function checkout(items) {",
    "  return { due: total(items) };",
    "}",
    "",
  ].join("\n"),
  "test/cart.test.js": [
    'import { test } from "node:test";',
    'import assert from "node:assert";',
    'import { total } from "../src/cart.js";',
    "",
    'test("totals", () => {',
    "  assert.equal(total([{ price: 2 }]), 2);",
    "});",
    "",
  ].join("\n"),
};

export const headCart = [
  "export function total(items, tax) {",
  "  const sum = items.reduce((s, i) => s + i.price, 0);",
  "  return applyTax(sum, tax);",
  "}",
  "",
  "export function applyTax(sum, tax) {",
  "  return sum * (1 + tax);",
  "}",
  "",
].join("\n");
