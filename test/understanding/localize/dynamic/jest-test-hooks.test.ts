import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { jestSetupSource } from "../../../../src/understanding/localize/dynamic/jest-test-hooks.ts";
import { readV8Records } from "../../../../src/understanding/localize/dynamic/v8-coverage-lines.ts";
import { makeScratchDir } from "../../../support/scratch-dir.ts";

const lib = `exports.mix = function mix(a, b) {
  return (a + b) / 2;
};
exports.invert = function invert(a) {
  return 255 - a;
};
`;

// The project has no jest to run, so this drives the hook the way jest-jasmine2 (jest 26 and
// before) does, through the same protocol: the env's reporters get specStarted before a spec's
// hooks and body and specDone after, with its fullName and status ("disabled" for a spec the -t
// filter left out, which jasmine still starts). The hook, the V8 coverage and the reader are real.
// Checked against jest 26.6.3 on colord in the dynamic bench (RESULTS.md, session 34).
const driver = `const reporters = [];
globalThis.jasmine = { getEnv: () => ({ addReporter: (r) => reporters.push(r) }) };
require(process.argv[2]);
const lib = require("./lib/color.js");
const specs = [
  { fullName: "mix halves", status: "failed", body: () => lib.mix(1, 3) },
  { fullName: "invert flips", status: "passed", body: () => lib.invert(5) },
  { fullName: "invert skipped", status: "disabled", body: () => {} },
];
for (const spec of specs) {
  for (const r of reporters) r.specStarted?.({ fullName: spec.fullName });
  spec.body();
  for (const r of reporters) r.specDone?.({ fullName: spec.fullName, status: spec.status });
}
`;

let scratch: ReturnType<typeof makeScratchDir>;
afterEach(() => scratch.remove());

describe("per-test coverage under jest-jasmine2", () => {
  it("records each spec that ran, with its outcome, and none the name filter disabled", async () => {
    scratch = makeScratchDir("jasmine-hook");
    const root = join(scratch.dir, "repo");
    const out = join(scratch.dir, "cov");
    mkdirSync(join(root, "lib"), { recursive: true });
    mkdirSync(out);
    writeFileSync(join(root, "lib", "color.js"), lib);
    writeFileSync(join(root, "drive.js"), driver);
    const hook = join(scratch.dir, "xihe.jest.setup.cjs");
    writeFileSync(hook, jestSetupSource);
    await execa(process.execPath, ["drive.js", hook], { cwd: root, env: { NODE_V8_COVERAGE: out } });

    const { tests } = readV8Records(out, root, {
      readSource: (file) => readFileSync(join(root, file), "utf8"),
      symbolsOf: () => [],
    });
    const byId = new Map(tests.map((t) => [t.id, t]));
    expect([...byId.keys()].sort()).toEqual(["invert flips", "mix halves"]);
    expect(byId.get("mix halves")?.failed).toBe(true);
    expect(byId.get("invert flips")?.failed).toBe(false);
    const ranLines = (id: string) => [...(byId.get(id)?.coverage.get("lib/color.js")?.lines ?? [])];
    expect(ranLines("mix halves")).toContain(2);
    expect(ranLines("mix halves")).not.toContain(5);
    expect(ranLines("invert flips")).toContain(5);
    expect(ranLines("invert flips")).not.toContain(2);
  });
});
