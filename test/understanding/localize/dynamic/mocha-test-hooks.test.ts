import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { mochaHooksSource } from "../../../../src/understanding/localize/dynamic/mocha-test-hooks.ts";
import { readV8Records } from "../../../../src/understanding/localize/dynamic/v8-coverage-lines.ts";
import { makeScratchDir } from "../../../support/scratch-dir.ts";

const lib = `exports.double = function double(n) {
  return n * 2;
};

exports.negate = function negate(n) {
  return -n;
};
`;

// Drives the root hooks as mocha 8+ does (beforeEach, the test, afterEach with this.currentTest set),
// in a real Node process with NODE_V8_COVERAGE on, and a child process that runs no test.
const runner = `const hooks = require("./hooks.cjs").mochaHooks;
const lib = require("./lib.js");
const { execFileSync } = require("child_process");
function run(title, state, body) {
  const ctx = { currentTest: { fullTitle: () => title, state } };
  hooks.beforeEach.call(ctx);
  body();
  hooks.afterEach.call(ctx);
}
lib.negate(0);
run("suite doubles", "failed", () => lib.double(2));
run("suite negates", "passed", () => lib.negate(2));
execFileSync(process.execPath, ["-e", "require('./lib.js').negate(1)"]);
`;

let scratch: ReturnType<typeof makeScratchDir>;
afterEach(() => scratch.remove());

/** A checkout holding `lib.js` and the hooks; `.cov` is where its runs write V8 coverage. */
function hookRepo(libSource = lib): { root: string; out: string } {
  scratch = makeScratchDir("mochahooks");
  const root = join(scratch.dir, "repo");
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, "lib.js"), libSource);
  writeFileSync(join(root, "hooks.cjs"), mochaHooksSource);
  return { root, out: join(root, ".cov") };
}

describe("per-test V8 coverage from mocha root hooks", () => {
  it("gives each test its own lines and outcome; what ran outside the tests is kept apart", async () => {
    const { root, out } = hookRepo();
    writeFileSync(join(root, "run.js"), runner);
    await execa(process.execPath, ["run.js"], { cwd: root, env: { NODE_V8_COVERAGE: out } });
    const records = readV8Records(out, root, {
      readSource: (file) => readFileSync(join(root, file), "utf8"),
      symbolsOf: () => [],
    });
    const lines = (c: Map<string, { lines: Set<number> }>) => [...(c.get("lib.js")?.lines ?? [])].sort();
    // Folder names are unique, not ordered: tests are found by title.
    const byId = new Map(records.tests.map((t) => [t.id, t]));
    expect([...byId].map(([id, t]) => [id, t.failed]).sort()).toEqual([
      ["suite doubles", true],
      ["suite negates", false],
    ]);
    const doubles = byId.get("suite doubles")!.coverage;
    const negates = byId.get("suite negates")!.coverage;
    // double's body is line 2, negate's line 6: each test ran only its own; negate(0) before any
    // test and the child process's negate(1) are outside the tests (shared by all of them).
    expect(lines(doubles)).toContain(2);
    expect(lines(doubles)).not.toContain(6);
    expect(lines(negates)).toContain(6);
    expect(lines(negates)).not.toContain(2);
    expect(lines(records.outside)).toContain(6);
    expect(lines(records.outside)).not.toContain(2);
  });

  it("writes each test's files with the checkout's scripts only, not its dependencies'", async () => {
    const { root, out } = hookRepo(`const dep = require("dep");\n${lib}exports.one = () => dep.one();\n`);
    mkdirSync(join(root, "node_modules", "dep"), { recursive: true });
    writeFileSync(
      join(root, "node_modules", "dep", "index.js"),
      "exports.one = function one() { return 1; };\n",
    );
    writeFileSync(join(root, "run.js"), `${runner}run("suite uses dep", "passed", () => lib.one());\n`);
    await execa(process.execPath, ["run.js"], { cwd: root, env: { NODE_V8_COVERAGE: out } });
    const testDirs = readdirSync(join(out, "tests"));
    expect(testDirs).toHaveLength(3);
    const urls = testDirs.flatMap((d) =>
      readdirSync(join(out, "tests", d))
        .filter((f) => f !== "meta.json")
        .flatMap((f) =>
          (
            JSON.parse(readFileSync(join(out, "tests", d, f), "utf8")) as { result: { url: string }[] }
          ).result.map((s) => s.url),
        ),
    );
    // The dependency ran in the last test, yet no test's file names it; lib.js is there.
    expect(urls.some((u) => u.endsWith("/lib.js"))).toBe(true);
    expect(urls.filter((u) => u.includes("/node_modules/"))).toEqual([]);
    const records = readV8Records(out, root, {
      readSource: (file) => readFileSync(join(root, file), "utf8"),
      symbolsOf: () => [],
    });
    expect(records.tests.map((t) => t.id).sort()).toEqual([
      "suite doubles",
      "suite negates",
      "suite uses dep",
    ]);
  });

  it("records each test's own lines when the hook is evaluated again in the same process (jest: once per test file)", async () => {
    const { root, out } = hookRepo();
    const again = `delete require.cache[require.resolve("./hooks.cjs")];
const second = require("./hooks.cjs").mochaHooks;
const ctx = { currentTest: { fullTitle: () => "second file doubles", state: "passed" } };
second.beforeEach.call(ctx);
lib.double(3);
second.afterEach.call(ctx);
`;
    writeFileSync(join(root, "run.js"), runner + again);
    await execa(process.execPath, ["run.js"], { cwd: root, env: { NODE_V8_COVERAGE: out } });
    const records = readV8Records(out, root, {
      readSource: (file) => readFileSync(join(root, file), "utf8"),
      symbolsOf: () => [],
    });
    const second = records.tests.find((t) => t.id === "second file doubles");
    expect([...(second?.coverage.get("lib.js")?.lines ?? [])]).toContain(2);
    expect([...(second?.coverage.get("lib.js")?.lines ?? [])]).not.toContain(6);
    expect(records.tests).toHaveLength(3);
  });
  it("places a test's lines in anonymous functions named by assignment (`module.exports = (s) =>`, `exports.f = function`)", async () => {
    // V8 names these after what they are assigned to; a per-test take lacks the top-level range,
    // so nothing but the names ties its offsets to the file.
    const cjs = `exports.double = (n) => {
  return n * 2;
};

module.exports.negate = function (n) {
  return -n;
};
`;
    const { root, out } = hookRepo(cjs);
    writeFileSync(join(root, "run.js"), runner);
    await execa(process.execPath, ["run.js"], { cwd: root, env: { NODE_V8_COVERAGE: out } });
    const records = readV8Records(out, root, {
      readSource: (file) => readFileSync(join(root, file), "utf8"),
      symbolsOf: () => [],
    });
    const byId = new Map(records.tests.map((t) => [t.id, t.coverage.get("lib.js")?.lines ?? new Set()]));
    expect([...(byId.get("suite doubles") ?? [])]).toContain(2);
    expect([...(byId.get("suite doubles") ?? [])]).not.toContain(6);
    expect([...(byId.get("suite negates") ?? [])]).toContain(6);
    expect([...(byId.get("suite negates") ?? [])]).not.toContain(2);
  });
});
