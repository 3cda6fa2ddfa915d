// `xihe locate --run` on a real node:test project whose faulty code is a CommonJS module's anonymous
// export (`module.exports = (s) => {`, named "module.exports" by V8) called from a suite's
// beforeEach, and test commands that set NODE_OPTIONS: flags that load no code pass into the
// sandbox, one that loads code makes it fall back with the flag named. A passing test asserts
// `--no-deprecation` reached node, so the re-run of the passing tests passes only when it did.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { locateRunJson, recordedLog } from "./locate-run-json.ts";

const tree: Record<string, string> = {
  "lib/parse.js": `"use strict";
module.exports = (input) => {
  const [key, value] = input.split("=");
  if (value !== undefined) throw new Error("could not parse " + input);
  return { key, value };
};
`,
  "lib/format.js": `"use strict";
exports.format = (pair) => {
  return pair.key + "=" + pair.value;
};
`,
  "test/parse.test.js": `"use strict";
const { describe, it, test, beforeEach } = require("node:test");
const assert = require("node:assert");
const parse = require("../lib/parse.js");
const { format } = require("../lib/format.js");

describe("parsing", () => {
  let pair;
  beforeEach(() => {
    pair = parse("a=1");
  });
  it("reads the key", () => assert.strictEqual(pair.key, "a"));
  it("reads the value", () => assert.strictEqual(pair.value, "1"));
});

test("formats a pair", () => {
  assert.strictEqual(format({ key: "b", value: "2" }), "b=2");
});

test("runs with --no-deprecation", () => {
  assert.strictEqual(process.noDeprecation, true);
});
`,
};

describe("xihe locate --run: NODE_OPTIONS and anonymous CommonJS exports", () => {
  const { dir, logFile } = recordedLog("dyn-node-options", async (dir) => {
    for (const [path, text] of Object.entries(tree)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    await execa("git", ["init", "-q"], { cwd: dir });
    await execa("git", ["add", "-A"], { cwd: dir });
    const run = await execa(process.execPath, ["--test"], {
      cwd: dir,
      env: { NODE_OPTIONS: "--no-deprecation" },
      reject: false,
      all: true,
    });
    expect(run.exitCode).toBe(1);
    expect(run.all).toContain("could not parse a=1");
    return run.all ?? "";
  });

  it("ranks the anonymous export the failing tests ran in their hook", async () => {
    const json = await locateRunJson(dir, logFile, "node --test");
    expect(json.dynamic).toMatchObject({ status: "ranked", reason: null });
    expect(json.results[0]).toMatchObject({ file: "lib/parse.js" });
    // Without NODE_OPTIONS the passing side fails (`process.noDeprecation` unset): the fixture sees it.
    // Its other tests passed and still count; the failing one is left out.
    expect(json.dynamic!.runs.filter((r) => r.expected === "pass")).toMatchObject([
      {
        used: true,
        exitCode: 1,
        note: expect.stringMatching(/its 1 failing test \(no failure of the log\) left out/),
      },
    ]);
  }, 60_000);

  it("passes NODE_OPTIONS of flags that load no code to the sandboxed runs", async () => {
    const json = await locateRunJson(dir, logFile, "NODE_OPTIONS=--no-deprecation node --test");
    expect(json.dynamic).toMatchObject({ status: "ranked", reason: null });
    // The passing tests, `process.noDeprecation` among them, pass: the flag reached node.
    expect(json.dynamic!.runs.filter((r) => r.expected === "pass")).toMatchObject([
      { used: true, exitCode: 0 },
    ]);
    expect(json.dynamic!.runs.every((r) => r.used)).toBe(true);
  }, 60_000);

  it("falls back naming a NODE_OPTIONS flag that loads code", async () => {
    writeFileSync(join(dir, "hook.cjs"), "console.log('loaded');\n");
    const json = await locateRunJson(dir, logFile, "NODE_OPTIONS=--require=./hook.cjs node --test");
    expect(json.dynamic?.status).toBe("fallback");
    expect(json.dynamic?.reason).toContain("NODE_OPTIONS flag `--require` is not allowed");
  }, 60_000);

  it("checks the NODE_OPTIONS of the package's scripts.test that `npm test` runs", async () => {
    writeFileSync(join(dir, "hook.cjs"), "console.log('loaded');\n");
    const scripts = { test: "NODE_OPTIONS='--require ./hook.cjs' node --test" };
    writeFileSync(join(dir, "package.json"), JSON.stringify({ scripts }));
    const json = await locateRunJson(dir, logFile, "npm test");
    expect(json.dynamic?.status).toBe("fallback");
    expect(json.dynamic?.reason).toContain("NODE_OPTIONS flag `--require` is not allowed");
  }, 60_000);
});
