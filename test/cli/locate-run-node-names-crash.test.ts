// Real Node runs that left `xihe locate --run` with no failing execution: a test whose name ends in
// `>` (it was cut to nothing as if `>` separated suites, so no filter could select it, and the reason
// blamed the run budget), and a test command whose process crashed (no coverage is written).
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { locateRunJson, recordedLog } from "./locate-run-json.ts";

/** Writes the project and runs `command` on the host (it must fail): the real log. */
async function project(dir: string, tree: Record<string, string>, command: string[]) {
  for (const [path, text] of Object.entries(tree)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  await execa("git", ["init", "-q"], { cwd: dir });
  await execa("git", ["add", "-A"], { cwd: dir });
  const run = await execa(process.execPath, command, { cwd: dir, reject: false, all: true });
  expect(run.exitCode === 0 && run.signal === undefined).toBe(false);
  return run.all ?? "";
}

describe("xihe locate --run on a node:test test whose name ends in `>`", () => {
  const { dir, logFile } = recordedLog("dyn-node-gt", async (dir) => {
    const log = await project(
      dir,
      {
        "lib.js": `exports.escapeHtml = function escapeHtml(s) {
  return s.replace(/&/g, "&amp;").replace(/</g, "<");
};

exports.upper = function upper(s) {
  return s.toUpperCase();
};
`,
        "test/lib.test.js": `const test = require("node:test");
const assert = require("node:assert");
const { escapeHtml, upper } = require("../lib.js");

test("escapes <b>", () => {
  assert.strictEqual(escapeHtml("<b>"), "&lt;b>");
});

test("upper-cases", () => {
  assert.strictEqual(upper("a"), "A");
});
`,
      },
      ["--test"],
    );
    expect(log).toContain("escapes <b>");
    return log;
  });

  it("selects the failing test by its whole name and ranks with its coverage", async () => {
    const json = await locateRunJson(dir, logFile, "node --test");
    expect(json.dynamic).toMatchObject({ status: "ranked", reason: null });
    const failing = json.dynamic!.runs.find((r) => r.expected === "fail")!;
    expect(failing.argv).toContain("--test-name-pattern=escapes <b>");
    expect(failing).toMatchObject({ exitCode: 1, used: true });
    expect(json.results[0]).toMatchObject({ file: "lib.js", symbol: "escapeHtml" });
  }, 60_000);
});

describe("xihe locate --run on a test command whose process crashes", () => {
  const { dir, logFile } = recordedLog("dyn-node-crash", async (dir) => {
    return project(
      dir,
      {
        "lib.js": `exports.grow = function grow(n) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(i);
  return out;
};
`,
        "run-tests.js": `const { grow } = require("./lib.js");
console.log("# grows a list");
grow(3);
process.abort();
`,
      },
      ["run-tests.js"],
    );
  });

  it("falls back saying the run died on a signal and wrote no coverage", async () => {
    const json = await locateRunJson(dir, logFile, "node run-tests.js");
    expect(json.dynamic?.status).toBe("fallback");
    expect(json.dynamic?.reason).toMatch(
      /so the whole test command was re-run: it died on (?:signal 6 \(exit 134\)|SIGABRT), a crash .*writes no coverage$/,
    );
  }, 60_000);
});

describe("xihe locate --run on a node:test file that throws while loading", () => {
  const { dir, logFile } = recordedLog("dyn-node-load", async (dir) => {
    return project(
      dir,
      {
        "lib.js": "exports.f = function f() {\n  return 1;\n};\n",
        "test/a.test.js": `const test = require("node:test");
const { f } = require("../lib.js");
if (f() === 1) throw new Error("boom at load");
test("x", () => {});
`,
      },
      ["--test"],
    );
  });

  it("says no filter could select the failing test, not that the run budget ran out", async () => {
    const json = await locateRunJson(dir, logFile, "node --test");
    expect(json.dynamic).toMatchObject({
      status: "fallback",
      reason:
        "the failing tests could not be selected by name with node --test's filter, so no failing run started",
      runs: [],
    });
  }, 60_000);
});
