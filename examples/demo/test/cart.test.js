import { test } from "node:test";
import assert from "node:assert/strict";
import { applyDiscount, cartTotal } from "../src/cart.js";

test("cartTotal sums price times quantity", () => {
  assert.equal(cartTotal([{ price: 2.5, quantity: 2 }, { price: 1, quantity: 3 }]), 8);
});

test("applyDiscount takes a percentage off", () => {
  assert.equal(applyDiscount(80, 25), 60);
});
