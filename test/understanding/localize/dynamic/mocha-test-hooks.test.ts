import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { mochaHooksSource } from "../../../../src/understanding/localize/dynamic/mocha-test-hooks.ts";
import { readV8Records } from "../../../../src/understanding/localize/dynamic/v8-coverage-lines.ts";
import { makeScratchDir } from "../../../workspace/scratch-dir.ts";

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

describe("per-test V8 coverage from mocha root hooks", () => {
  it("gives each test its own lines and outcome; what ran outside the tests is kept apart", async () => {
    scratch = makeScratchDir("mochahooks");
    const root = join(scratch.dir, "repo");
    const out = join(root, ".cov");
    mkdirSync(root, { recursive: true });
    writeFileSync(join(root, "lib.js"), lib);
    writeFileSync(join(root, "hooks.cjs"), mochaHooksSource);
    writeFileSync(join(root, "run.js"), runner);
    await execa(process.execPath, ["run.js"], { cwd: root, env: { NODE_V8_COVERAGE: out } });
    const records = readV8Records(out, root, {
      readSource: (file) => readFileSync(join(root, file), "utf8"),
      symbolsOf: () => [],
    });
    const lines = (c: Map<string, { lines: Set<number> }>) => [...(c.get("lib.js")?.lines ?? [])].sort();
    expect(records.tests.map((t) => [t.id, t.failed])).toEqual([
      ["suite doubles", true],
      ["suite negates", false],
    ]);
    // double's body is line 2, negate's line 6: each test ran only its own; negate(0) before any
    // test and the child process's negate(1) are outside the tests (shared by all of them).
    expect(lines(records.tests[0]!.coverage)).toContain(2);
    expect(lines(records.tests[0]!.coverage)).not.toContain(6);
    expect(lines(records.tests[1]!.coverage)).toContain(6);
    expect(lines(records.tests[1]!.coverage)).not.toContain(2);
    expect(lines(records.outside)).toContain(6);
    expect(lines(records.outside)).not.toContain(2);
  });
});
