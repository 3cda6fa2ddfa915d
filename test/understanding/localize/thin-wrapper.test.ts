// An entry function of a few lines that builds an object and returns one call on it (`pack(value)` ->
// `new Packer().run(value)`) is what the test calls and is named after; the work is done by what it
// calls. The suite is run for real with node:test; the fault (an inverted flag) is in lib/packer.js.
// `unpack`, called by the same test, checks its argument before it calls on, and `packFloat` passes a
// literal option: both compute something of their own, so neither is a mere wrapper.
import { describe, expect, it } from "vitest";
import { rankedAfterFailingRun } from "./failing-run.ts";

const files: Record<string, string> = {
  "package.json": '{ "name": "packer", "type": "module", "private": true }\n',
  "lib/packer.js": [
    "export class Packer {",
    "  constructor(options) {",
    "    this.asFloat = options?.asFloat ?? false;",
    "  }",
    "",
    "  run(value) {",
    "    const out = [];",
    "    for (const v of value) out.push(this.asFloat ? Math.round(v) : v + 0.5);",
    "    return out;",
    "  }",
    "",
    "  check(value) {",
    "    return value.map((v) => v * 2);",
    "  }",
    "}",
    "",
  ].join("\n"),
  "lib/pack.js": [
    'import { Packer } from "./packer.js";',
    "",
    "/** Packs `value` with the given options. */",
    "export function pack(value, options) {",
    "  const packer = new Packer(options);",
    "  return packer.run(value);",
    "}",
    "",
    "export function packFloat(value) {",
    "  return new Packer({ asFloat: true }).run(value);",
    "}",
    "",
    "export function unpack(value) {",
    "  if (!Array.isArray(value)) throw new TypeError('not packed');",
    "  return new Packer().check(value);",
    "}",
    "",
  ].join("\n"),
  "test/pack.test.js": [
    'import assert from "node:assert/strict";',
    'import { test } from "node:test";',
    'import { pack, packFloat, unpack } from "../lib/pack.js";',
    "",
    'test("pack and unpack round trip", () => {',
    "  assert.deepEqual(unpack(pack([1, 2])).concat(packFloat([1])), [2, 4, 1]);",
    "});",
    "",
  ].join("\n"),
};

const ranked = rankedAfterFailingRun(files, [process.execPath, "--test", "test/pack.test.js"]);

const find = (file: string, symbol: string) => ranked().find((s) => s.file === file && s.symbol === symbol);

describe("localize when the test calls a thin wrapper", () => {
  it("says of what the wrapper calls what the test says of the wrapper, and through which", () => {
    expect(find("lib/packer.js", "Packer.run")?.why).toContain(
      "test_callee: called by the failing test at test/pack.test.js:6, through pack",
    );
  });

  it("keeps half of it for the wrapper, which may hold the fault itself", () => {
    expect(find("lib/pack.js", "pack")?.why).toContain(
      "test_callee: called by the failing test at test/pack.test.js:6, a thin wrapper",
    );
  });

  it("passes nothing through a function that decides something before it calls on", () => {
    expect(find("lib/packer.js", "Packer.check")?.why.some((w) => w.includes("through unpack"))).toBe(false);
    expect(find("lib/pack.js", "unpack")?.why.some((w) => w.includes("a thin wrapper"))).toBe(false);
  });

  it("passes nothing through a function that builds an argument of its own", () => {
    expect(find("lib/packer.js", "Packer.run")?.why.some((w) => w.includes("through packFloat"))).toBe(false);
    expect(find("lib/pack.js", "packFloat")?.why).toContain(
      "test_callee: called by the failing test at test/pack.test.js:6",
    );
  });
});
