// A CommonJS module's anonymous `module.exports = function () {}` is the index's `default`; V8 prints
// its frames as `module.exports`, `new module.exports` or `module.exports [as parse]`. The suite is
// run for real with node:test, so the frames are the ones Node.js prints. The fault is in
// lib/engine.js (a flipped `typeof` check); lib/parse.js only calls it.
import { describe, expect, it } from "vitest";
import { localizedAfterFailingRun } from "./failing-run.ts";

const files: Record<string, string> = {
  "package.json": '{ "name": "front", "private": true }\n',
  "index.js": [
    "module.exports = {",
    '  parse: require("./lib/parse.js"),',
    '  Document: require("./lib/document.js"),',
    '  excerpt: require("./lib/excerpt.js").excerpt,',
    '  Layer: require("./lib/layer.js"),',
    "};",
    "",
  ].join("\n"),
  "lib/engine.js": [
    "module.exports = function (name, options) {",
    "  const engine = options.engines[name];",
    '  if (typeof engine === "function") {',
    '    throw new TypeError("expected engine " + name + " to be a function");',
    "  }",
    "  return engine;",
    "};",
    "",
  ].join("\n"),
  "lib/parse.js": [
    'const getEngine = require("./engine.js");',
    "module.exports = function (language, str, options) {",
    "  const engine = getEngine(language, options);",
    "  return engine(str);",
    "};",
    "",
  ].join("\n"),
  "lib/document.js": [
    "module.exports = function (content) {",
    "  this.lines = content.split(/\\n/);",
    "};",
    "",
  ].join("\n"),
  "lib/layer.js": [
    "function Layer(fn) {",
    "  this.fn = fn;",
    "}",
    "Layer.prototype.handle_request = function handle(req) {",
    '  if (req.method === "GET") throw new Error("no route for " + req.url);',
    "  return this.fn(req);",
    "};",
    "module.exports = Layer;",
    "",
  ].join("\n"),
  "lib/utils.js": [
    "exports.firstLine = function (str) {",
    '  return str.slice(0, str.indexOf("\\n")).trim();',
    "};",
    "",
  ].join("\n"),
  "lib/excerpt.js": [
    'const utils = require("./utils.js");',
    "module.exports.excerpt = function (file) {",
    "  return utils.firstLine(file.contents);",
    "};",
    "",
  ].join("\n"),
  "test/front.test.js": [
    'const assert = require("node:assert/strict");',
    'const { test } = require("node:test");',
    'const front = require("../index.js");',
    "",
    'test("parses with a registered engine", () => {',
    "  const engines = { upper: (s) => s.toUpperCase() };",
    '  assert.equal(front.parse("upper", "a", { engines }), "A");',
    "});",
    "",
    'test("splits a document into lines", () => {',
    "  assert.equal(new front.Document(null).lines.length, 1);",
    "});",
    "",
    'test("hands a request to its route", () => {',
    '  assert.equal(new front.Layer((req) => req.url).handle_request({ method: "GET", url: "/" }), "/");',
    "});",
    "",
    'test("takes the first line as the excerpt", () => {',
    '  assert.equal(front.excerpt({ content: "a\\nb" }), "a");',
    "});",
    "",
  ].join("\n"),
};

const run = localizedAfterFailingRun(files, [process.execPath, "--test", "test/front.test.js"]);

const why = (file: string, symbol: string) =>
  run()
    .ranked.find((s) => s.file === file && s.symbol === symbol)
    ?.why.join("; ") ?? "";
const rank = (file: string, symbol: string) =>
  run().ranked.findIndex((s) => s.file === file && s.symbol === symbol);

describe("frames of a module's anonymous `module.exports = function`", () => {
  it("runs a log whose frames name the anonymous exports the way V8 does", () => {
    expect(run().log).toMatch(/at module\.exports \(.*lib\/engine\.js:4:/);
    expect(run().log).toMatch(/at module\.exports \[as parse\] \(.*lib\/parse\.js:3:/);
    expect(run().log).toMatch(/at new module\.exports \(.*lib\/document\.js:2:/);
    expect(run().log).toMatch(/at Layer\.handle \[as handle_request\] \(.*lib\/layer\.js:5:/);
    expect(run().log).toMatch(/at exports\.firstLine \(.*lib\/utils\.js:2:/);
    expect(run().log).toMatch(/at module\.exports\.excerpt \(.*lib\/excerpt\.js:3:/);
  });

  it("takes `module.exports` for the module's `default` function: innermost at full strength, not a closure", () => {
    expect(why("lib/engine.js", "default")).toMatch(/stack_frame: innermost at lib\/engine\.js:4(?! in)/);
  });

  it("counts the caller printed `module.exports [as parse]` one level out, ranked below the throwing function", () => {
    expect(why("lib/parse.js", "default")).toMatch(/stack_frame: lib\/parse\.js:3 \(depth 1\)/);
    expect(rank("lib/engine.js", "default")).toBeLessThan(rank("lib/parse.js", "default"));
  });

  it("takes `new module.exports` for the module's constructor function", () => {
    expect(why("lib/document.js", "default")).toMatch(/stack_frame: innermost at lib\/document\.js:2(?! in)/);
  });

  it("takes `Layer.handle [as handle_request]` for the method the index names by its property", () => {
    expect(why("lib/layer.js", "Layer.handle_request")).toMatch(
      /stack_frame: innermost at lib\/layer\.js:5(?! in)/,
    );
  });

  it("takes `exports.firstLine` and `module.exports.excerpt` for the properties' functions", () => {
    expect(why("lib/utils.js", "firstLine")).toMatch(/stack_frame: innermost at lib\/utils\.js:2(?! in)/);
    // The caller is one level out (what it passed is what the innermost crashed on).
    expect(why("lib/excerpt.js", "excerpt")).toMatch(/stack_frame: [^;]*lib\/excerpt\.js:3/);
    expect(why("lib/excerpt.js", "excerpt")).not.toMatch(/innermost/);
  });
});
