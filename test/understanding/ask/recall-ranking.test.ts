// `ask` without a model: code ranked above the tests that exercise it unless the question is about
// tests, reasons in words (not scores), and the matching lines of a large function shown.
import { afterEach, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import { matchingWindow } from "../../../src/understanding/ask/matching-window.ts";
import { recall } from "../../../src/understanding/ask/recall.ts";
import { lines, makeRepo, type TestRepo } from "../make-repo.ts";

let repo: TestRepo | undefined;
afterEach(() => {
  repo?.cleanup();
  repo = undefined;
});

async function shop() {
  const filler = Array.from({ length: 60 }, (_, i) => `  const step${i} = items.length + ${i};`);
  repo = makeRepo({
    "package.json": '{ "name": "shop", "type": "module" }\n',
    "src/cart.js": lines(
      "export function checkout(items) {",
      ...filler,
      "  // apply the discount coupon to the cart total",
      "  const discount = coupon.percent * total / 100;",
      "  return total - discount;",
      "}",
    ),
    "test/cart.test.js": lines(
      'import { test } from "node:test";',
      'import { checkout } from "../src/cart.js";',
      'test("discount coupon applied to the cart total", () => {',
      "  checkout([]);",
      "});",
    ),
  });
  const index = await buildIndex(repo.root, { cache: null });
  const root = repo.root;
  const readLines = (p: string) => readFileSync(join(root, p), "utf8").split("\n");
  return { index, readLines };
}

describe("recall ranking", () => {
  it("ranks code above the test that spells the question, and says why in words", async () => {
    const { index, readLines } = await shop();
    const [first, second] = recall(index, readLines, "how is the discount coupon applied to the cart total?");
    expect(first?.symbol.file).toBe("src/cart.js");
    expect(first?.why).toEqual([
      "its file src/cart.js is named like a word of the question",
      "matches the question's words discount, coupon, applied, cart, total (in its body or doc comment)",
      'has "discount coupon", "cart total" together',
    ]);
    expect(second?.symbol.file).toBe("test/cart.test.js");
    expect(second?.why).toContain("test code, ranked below the code it tests");
    const aboutTests = recall(index, readLines, "which test checks the discount coupon on the cart total?");
    expect(aboutTests[0]?.symbol.file).toBe("test/cart.test.js");
  });

  it("shows the lines of a large function that hold the question's words", async () => {
    const { readLines } = await shop();
    const window = matchingWindow(
      readLines("src/cart.js"),
      1,
      65,
      "where is the discount coupon applied?",
      12,
    );
    // Lines 62-64 hold the comment and the discount; of the windows of 12 that hold them all, the
    // one that centres them as far as the function's end (65) allows.
    expect(window).toEqual({ startLine: 54, endLine: 65 });
  });
});
