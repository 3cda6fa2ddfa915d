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
