// Uses of a symbol inside its own body are references too: a recursive call, a constructor that
// makes itself when called without `new`. Its definition line is not. Real git, real tree-sitter.
import { describe, expect, it } from "vitest";
import { lines } from "../make-repo.ts";
import { useExplainChange } from "./explain-change.ts";

const explain = useExplainChange();

const layer = (check: string) =>
  lines(
    "module.exports = Layer",
    "",
    "function Layer (path) {",
    "  if (!(this instanceof Layer)) {",
    "    return new Layer(path)",
    "  }",
    `  this.path = ${check}`,
    "}",
    "",
    "Layer.prototype.walk = function walk (n) {",
    `  return n <= 0 ? ${check} : this.walk(n - 1)`,
    "}",
  );

describe("references inside the symbol's own body", () => {
  it("lists a self-construction and a recursive call, never the definition line", async () => {
    const result = await explain(
      {
        "lib/layer.js": layer("path"),
        "lib/use.js": lines("const Layer = require('./layer')", "Layer('/')"),
      },
      { "lib/layer.js": layer("String(path)") },
    );
    const sites = (name: string) => {
      const s = result.symbols.find((x) => x.qualifiedName === name);
      return [...(s?.callers ?? []), ...(s?.tests ?? []), ...(s?.references ?? [])]
        .map((r) => `${r.path}:${r.line}`)
        .sort();
    };
    expect(sites("Layer")).toEqual([
      "lib/layer.js:1",
      "lib/layer.js:10",
      "lib/layer.js:4",
      "lib/layer.js:5",
      "lib/use.js:2",
    ]);
    expect(sites("Layer.walk")).toEqual(["lib/layer.js:11"]);
  });
});

describe("a definition whose name is not on its first line", () => {
  const area = (k: number) =>
    lines("exports.area =", "  function area (n) {", `    return n <= 1 ? ${k} : n * area(n - 1)`, "  }", "");

  it("does not refer to itself through its header, but a recursive call in its body does", async () => {
    const result = await explain({ "lib/geo.js": area(2) }, { "lib/geo.js": area(3) });
    const s = result.symbols.find((x) => x.qualifiedName === "area");
    expect(s?.line).toBe(1);
    expect([...(s?.callers ?? []), ...(s?.references ?? [])].map((r) => `${r.path}:${r.line}`)).toEqual([
      "lib/geo.js:3",
    ]);
  });

  it("with no recursive call, has no reference at all and says so", async () => {
    const plain = (k: number) =>
      lines("exports.area =", "  function area (n) {", `    return n * ${k}`, "  }", "");
    const result = await explain({ "lib/geo.js": plain(2) }, { "lib/geo.js": plain(3) });
    const s = result.symbols.find((x) => x.qualifiedName === "area");
    expect([...(s?.callers ?? []), ...(s?.references ?? [])]).toEqual([]);
    // Its own name in the header once read as "passed as a value", so no test was "found statically".
    expect(s?.risks).toContain("no test reaches it (through up to 6 calls)");
    expect(s?.risks.join(" ")).not.toMatch(/passed as a value/);
  });
});

describe("a Python function naming itself on its first body line", () => {
  it("keeps that use as a reference: a Python body line is already the body", async () => {
    const mod = (k: number) =>
      lines("seen = []", "", "def area(n):", "    seen.append(area)", `    return n * ${k}`, "");
    const result = await explain({ "pkg/__init__.py": "", "pkg/geo.py": mod(2) }, { "pkg/geo.py": mod(3) });
    const s = result.symbols.find((x) => x.qualifiedName === "area");
    expect(s?.references.map((r) => `${r.path}:${r.line}:${r.use}`)).toEqual(["pkg/geo.py:4:value"]);
  });
});
