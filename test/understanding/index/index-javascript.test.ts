import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";
import { callRows, importRows, symbolNamed, symbolRows } from "./index-shape.ts";
import { lines, makeRepo, type TestRepo } from "../make-repo.ts";

describe("indexing JavaScript (CommonJS, ESM, JSX)", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  beforeAll(async () => {
    repo = makeRepo({
      "lib/math.js": lines(
        "'use strict';",
        'const { round } = require("./round");',
        'const util = require("util");',
        "",
        "/**",
        " * Adds two numbers.",
        " */",
        "function add(a, b) {",
        "  return round(a + b);",
        "}",
        "",
        "exports.mul = function (a, b) {",
        "  return a * b;",
        "};",
        "",
        "function Counter() {}",
        "Counter.prototype.inc = function () {",
        "  return add(this.n, 1);",
        "};",
        "",
        "module.exports = { add, Counter };",
      ),
      "lib/round.js": lines("module.exports.round = (x) => Math.round(x);"),
      "lib/view.jsx": lines(
        'import React from "react";',
        'import { add } from "./math.js";',
        "",
        "export default function Total({ a, b }) {",
        "  return <Badge value={add(a, b)} />;",
        "}",
        "",
        "function Badge({ value }) {",
        "  return <span>{value}</span>;",
        "}",
      ),
      "lib/esm.mjs": lines(
        'import Total from "./view.jsx";',
        "export { Total };",
        'export * from "./math.js";',
        "export async function load() {",
        '  const m = await import("./round.js");',
        "  return m.round(Total());",
        "}",
      ),
      "test/math.test.js": lines(
        'const { add } = require("../lib/math");',
        'describe("math", () => {',
        '  it("adds", () => {',
        "    expect(add(1, 2)).toBe(3);",
        "  });",
        "});",
      ),
    });
    index = await buildIndex(repo.root, { cache: null });
  });
  afterAll(() => repo.cleanup());

  it("finds functions, CommonJS exports, prototype methods, components and nested test blocks", () => {
    expect(symbolRows(index)).toEqual([
      ["lib/esm.mjs", "load", "function", 4, 7, true],
      ["lib/math.js", "add", "function", 8, 10, true],
      ["lib/math.js", "mul", "function", 12, 14, true],
      ["lib/math.js", "Counter", "function", 16, 16, true],
      ["lib/math.js", "Counter.inc", "method", 17, 19, false],
      ["lib/round.js", "round", "function", 1, 1, true],
      ["lib/view.jsx", "Total", "function", 4, 6, true],
      ["lib/view.jsx", "Badge", "function", 8, 10, false],
      ["test/math.test.js", "math", "function", 2, 6, false],
      ["test/math.test.js", "math.adds", "function", 3, 5, false],
    ]);
    expect(symbolNamed(index, "add")).toMatchObject({
      signature: "function add(a, b)",
      doc: "Adds two numbers.",
    });
    expect(symbolNamed(index, "mul").signature).toBe("exports.mul = function (a, b)");
  });

  it("reads require, destructured require, default, re-export and dynamic imports", () => {
    expect(importRows(index)).toEqual([
      ["lib/esm.mjs", "./view.jsx", "lib/view.jsx", ["Total"], 1],
      ["lib/esm.mjs", "./math.js", "lib/math.js", [], 3],
      ["lib/esm.mjs", "./round.js", "lib/round.js", [], 5],
      ["lib/math.js", "./round", "lib/round.js", ["round"], 2],
      ["lib/math.js", "util", null, ["util"], 3],
      ["lib/view.jsx", "react", null, ["React"], 1],
      ["lib/view.jsx", "./math.js", "lib/math.js", ["add"], 2],
      ["test/math.test.js", "../lib/math", "lib/math.js", ["add"], 1],
    ]);
  });

  it("links calls across files, JSX component uses and default imports", () => {
    const resolved = callRows(index).filter((c) => c[4] !== null);
    expect(resolved).toEqual([
      ["lib/esm.mjs", 6, "lib/esm.mjs#load@4", "Total", "lib/view.jsx#Total@4"],
      ["lib/math.js", 9, "lib/math.js#add@8", "round", "lib/round.js#round@1"],
      ["lib/math.js", 18, "lib/math.js#Counter.inc@17", "add", "lib/math.js#add@8"],
      ["lib/view.jsx", 5, "lib/view.jsx#Total@4", "Badge", "lib/view.jsx#Badge@8"],
      ["lib/view.jsx", 5, "lib/view.jsx#Total@4", "add", "lib/math.js#add@8"],
      ["test/math.test.js", 4, "test/math.test.js#math.adds@3", "add", "lib/math.js#add@8"],
    ]);
    // The lower-case <span> is an HTML tag, not a call.
    expect(index.calls.some((c) => c.calleeName === "span")).toBe(false);
  });
});

describe("indexing a function's static members (picomatch.test = () => {})", () => {
  let repo: TestRepo | undefined;
  afterAll(() => repo?.cleanup());

  it("indexes a function assigned to a property at the top level, and calls from inside it", async () => {
    repo = makeRepo({
      "lib/picomatch.js": lines(
        "const picomatch = (glob, options) => {",
        "  const handler = (input) => picomatch.test(input, glob);",
        "  handler.close = () => {};",
        "  return handler;",
        "};",
        "",
        "picomatch.toRegex = (source, options) => {",
        "  try {",
        "    return new RegExp(source, options.flags);",
        "  } catch (err) {",
        "    return /$^/;",
        "  }",
        "};",
        "",
        "picomatch.test = function (input, regex) {",
        "  return picomatch.toRegex(regex).test(input);",
        "};",
        "",
        "function Legacy() {}",
        "Legacy.prototype = function () {};",
        "",
        "exports.version = () => '1';",
        "module.exports = picomatch;",
      ),
    });
    const index = await buildIndex(repo.root, { cache: null });
    expect(symbolRows(index).map((r) => r.slice(1, 5))).toEqual([
      ["picomatch", "function", 1, 5],
      ["picomatch.handler", "function", 2, 2],
      ["picomatch.toRegex", "method", 7, 13],
      ["picomatch.test", "method", 15, 17],
      ["Legacy", "function", 19, 19],
      ["version", "function", 22, 22],
    ]);
    expect(callRows(index).filter((c) => c[3] === "picomatch.toRegex")).toEqual([
      [
        "lib/picomatch.js",
        16,
        "lib/picomatch.js#picomatch.test@15",
        "picomatch.toRegex",
        "lib/picomatch.js#picomatch.toRegex@7",
      ],
    ]);
  });
});
