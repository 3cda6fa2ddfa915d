// The names V8 prints for a frame's function, read back to the names the code index gives: the frames
// come from running Node.js on small CommonJS files, each calling one function that throws.
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseJsStackFrame } from "../../../src/perception/js-stack-frame.ts";
import { frameFunctionNames } from "../../../src/understanding/localize/frame-function-name.ts";
import { makeRepo, type TestRepo } from "../make-repo.ts";

const files: Record<string, string> = {
  "anonymous.js": "module.exports = function (s) {\n  throw new Error(s);\n};\n",
  "arrow.js": "module.exports = (s) => {\n  throw new Error(s);\n};\n",
  "chained.js":
    "const internals = {};\nmodule.exports = internals.flatten = function () {\n  throw new Error('x');\n};\n",
  "props.js":
    "exports.foo = function () {\n  throw new Error('x');\n};\nmodule.exports.parse = function () {\n  throw new Error('x');\n};\n",
  "layer.js": [
    "function Layer() {}",
    "Layer.prototype.handle_request = function handle() {",
    "  throw new Error('x');",
    "};",
    "Layer.prototype.run = async function () {",
    "  await null;",
    "  throw new Error('x');",
    "};",
    "module.exports = Layer;",
    "",
  ].join("\n"),
  "top.js": "throw new Error('top');\n",
  // Prints the first frame of each call's stack, one per line, in this order.
  "run.js": [
    "const calls = [",
    "  () => require('./anonymous.js')('x'),",
    "  () => new (require('./anonymous.js'))('x'),",
    "  () => ({ parse: require('./anonymous.js') }).parse('x'),",
    "  () => require('./arrow.js')('x'),",
    "  () => require('./chained.js')(),",
    "  () => require('./props.js').foo(),",
    "  () => require('./props.js').parse(),",
    "  () => new (require('./layer.js'))().handle_request(),",
    "  () => new (require('./layer.js'))().run(),",
    "  () => require('./top.js'),",
    "];",
    "(async () => {",
    "  for (const call of calls) {",
    "    try { await call(); } catch (e) { console.log(e.stack.split('\\n')[1]); }",
    "  }",
    "})();",
    "",
  ].join("\n"),
};

let repo: TestRepo;
let printed: string[];
beforeAll(() => {
  repo = makeRepo(files, { git: false });
  const out = execFileSync(process.execPath, ["run.js"], { cwd: repo.root, encoding: "utf8" });
  const context = { toRepoPath: (p: string) => p, isExternal: () => false };
  printed = out
    .trimEnd()
    .split("\n")
    .map((line) => parseJsStackFrame(line, context)?.frame.function ?? "");
});
afterAll(() => repo.cleanup());

describe("frameFunctionName on frames Node.js printed", () => {
  it("reads a module's anonymous `module.exports` function, however called, as the index's `default`", () => {
    expect(printed.slice(0, 4)).toEqual([
      "module.exports",
      "new module.exports",
      "module.exports [as parse]",
      "module.exports",
    ]);
    expect(printed.slice(0, 4).map(frameFunctionNames)).toEqual([
      ["default"],
      ["default"],
      ["default", "parse"],
      ["default"],
    ]);
  });

  it("reads an exported property's function by the property, as the index names it", () => {
    expect(printed.slice(4, 7)).toEqual([
      "module.exports.internals.flatten",
      "exports.foo",
      "module.exports.parse",
    ]);
    expect(printed.slice(4, 7).map(frameFunctionNames)).toEqual([["flatten"], ["foo"], ["parse"]]);
  });

  it("reads a method by its own name, and one assigned to a property of another name by both", () => {
    // `Layer.prototype.handle_request = function handle`: the index names it by the property.
    expect(printed.slice(7, 9)).toEqual(["Layer.handle [as handle_request]", "Layer.run"]);
    expect(printed.slice(7, 9).map(frameFunctionNames)).toEqual([["handle", "handle_request"], ["run"]]);
  });

  it("reads a module's top-level code as no function", () => {
    expect(printed[9]).toBe("Object.<anonymous>");
    expect(frameFunctionNames(printed[9] ?? "")).toEqual([]);
  });
});
