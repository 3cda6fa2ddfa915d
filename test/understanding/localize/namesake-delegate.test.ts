// A method that forwards to a same-named function of another module (`Color.invert()` ->
// `invert(this.rgb)` from lib/invert.js) is the face the test calls; the behaviour is the namesake's.
// The suite is run for real with node:test; the fault (256 for 255) is in lib/invert.js. `darken`
// checks its argument before it forwards: it decides something, so it is no mere face.
import { describe, expect, it } from "vitest";
import { rankedAfterFailingRun } from "./failing-run.ts";

const files: Record<string, string> = {
  "package.json": '{ "name": "tint", "type": "module", "private": true }\n',
  "lib/invert.js": [
    "export function invert(rgb) {",
    "  return { r: 256 - rgb.r, g: 255 - rgb.g, b: 255 - rgb.b };",
    "}",
    "",
  ].join("\n"),
  "lib/darken.js": [
    "export function darken(rgb, by) {",
    "  return { r: rgb.r - by, g: rgb.g - by, b: rgb.b - by };",
    "}",
    "",
  ].join("\n"),
  "lib/color.js": [
    'import { invert } from "./invert.js";',
    'import { darken } from "./darken.js";',
    "",
    "export class Color {",
    "  constructor(rgb) {",
    "    this.rgb = rgb;",
    "  }",
    "",
    "  invert() {",
    "    return new Color(invert(this.rgb));",
    "  }",
    "",
    "  darken(by) {",
    "    if (by === 0) return this;",
    "    return new Color(darken(this.rgb, by));",
    "  }",
    "",
    "  hex() {",
    '    return "#" + [this.rgb.r, this.rgb.g, this.rgb.b].map((v) => v.toString(16).padStart(2, "0")).join("");',
    "  }",
    "}",
    "",
  ].join("\n"),
  "test/color.test.js": [
    'import assert from "node:assert/strict";',
    'import { test } from "node:test";',
    'import { Color } from "../lib/color.js";',
    "",
    'test("inverts white to black", () => {',
    "  assert.deepEqual(new Color({ r: 255, g: 255, b: 255 }).invert().rgb, { r: 0, g: 0, b: 0 });",
    "});",
    "",
  ].join("\n"),
};

const ranked = rankedAfterFailingRun(files, [process.execPath, "--test", "test/color.test.js"]);

describe("localize when the test calls a method that forwards to a same-named function", () => {
  it("gives the namesake what the test says of the method, and says through which", () => {
    const namesake = ranked().find((s) => s.file === "lib/invert.js" && s.symbol === "invert");
    expect(namesake?.why).toContain(
      "test_file: lib/color.js is named like the failing tests, through Color.invert",
    );
  });

  it("keeps half of it for the method, which may hold the fault itself", () => {
    const face = ranked().find((s) => s.file === "lib/color.js" && s.symbol === "Color.invert");
    expect(face?.why).toContain(
      "test_file: lib/color.js is named like the failing tests, a face of a namesake",
    );
  });

  it("passes nothing through a method that decides something before it forwards", () => {
    const namesake = ranked().find((s) => s.file === "lib/darken.js" && s.symbol === "darken");
    expect(namesake?.why.some((w) => w.includes("through Color.darken")) ?? false).toBe(false);
    const face = ranked().find((s) => s.file === "lib/color.js" && s.symbol === "Color.darken");
    expect(face?.why).toContain("test_file: lib/color.js is named like the failing tests");
  });

  it("ranks the namesake above the method that forwards to it", () => {
    const rank = (file: string, symbol: string) =>
      ranked().findIndex((s) => s.file === file && s.symbol === symbol);
    expect(rank("lib/invert.js", "invert")).toBe(0);
    expect(rank("lib/color.js", "Color.invert")).toBeGreaterThan(0);
  });
});
