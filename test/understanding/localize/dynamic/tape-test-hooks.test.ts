import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCoverageFolder } from "../../../../src/understanding/localize/dynamic/coverage-folder.ts";
import { perTestArgv } from "../../../../src/understanding/localize/dynamic/per-test-argv.ts";
import { readV8Records } from "../../../../src/understanding/localize/dynamic/v8-coverage-lines.ts";
import { makeScratchDir } from "../../../workspace/scratch-dir.ts";

const lib = `exports.double = function double(n) {
  return n * 2;
};

exports.negate = function negate(n) {
  return -n;
};
`;

// A failing test, a passing one, a subtest that fails inside a passing parent, a skipped test.
const tests = `const test = require("tape");
const lib = require("../lib.js");
lib.negate(0);
test("doubles", (t) => { t.equal(lib.double(2), 5); t.end(); });
test("negates", (t) => { t.equal(lib.negate(2), -2); t.end(); });
test("nests", (t) => {
  t.test("inner", (st) => { st.equal(lib.double(1), 3); st.end(); });
  t.end();
});
test("skipped", { skip: true }, (t) => { lib.double(9); t.end(); });
`;

// tape from the registry, both majors: the hook reaches into lib/test.js, which tape 5 exports and
// tape 4 does not declare at all.
describe.each(["4", "5"])("per-test V8 coverage under tape %s", (major) => {
  const scratch = makeScratchDir(`tape${major}`);
  const root = join(scratch.dir, "repo");
  beforeAll(async () => {
    mkdirSync(join(root, "test"), { recursive: true });
    writeFileSync(join(root, "package.json"), `{ "name": "p", "version": "1.0.0" }\n`);
    writeFileSync(join(root, "lib.js"), lib);
    writeFileSync(join(root, "test", "a.js"), tests);
    await execa("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", `tape@${major}`], {
      cwd: root,
    });
  }, 180_000);
  afterAll(() => scratch.remove());

  it("records each test's own lines and outcome, and prints the same TAP as without the hook", async () => {
    const argv = ["node", "node_modules/tape/bin/tape", "test/a.js"];
    const plain = await execa(argv[0]!, argv.slice(1), { cwd: root, reject: false });
    const folder = createCoverageFolder(root, "abcdef012345");
    const hooked = perTestArgv("tape", argv, folder, root);
    const run = await execa(hooked[0]!, hooked.slice(1), { cwd: root, env: folder.env, reject: false });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toBe(plain.stdout);
    const records = readV8Records(join(folder.dir, "v8"), root, {
      readSource: (file) => readFileSync(join(root, file), "utf8"),
      symbolsOf: () => [],
    });
    folder.remove();
    const lines = (c: Map<string, { lines: Set<number> }>) => [...(c.get("lib.js")?.lines ?? [])];
    const byId = new Map(records.tests.map((t) => [t.id, t]));
    // The parent of a subtest records nothing of its own; the skipped test runs nothing.
    expect([...byId].map(([id, t]) => [id, t.failed]).sort()).toEqual([
      ["doubles", true],
      ["inner", true],
      ["negates", false],
    ]);
    // double's body is line 2, negate's line 6; negate(0) at load time is outside the tests.
    expect(lines(byId.get("doubles")!.coverage)).toContain(2);
    expect(lines(byId.get("doubles")!.coverage)).not.toContain(6);
    expect(lines(byId.get("negates")!.coverage)).toContain(6);
    expect(lines(byId.get("negates")!.coverage)).not.toContain(2);
    expect(lines(byId.get("inner")!.coverage)).toContain(2);
    expect(lines(records.outside)).toContain(6);
    expect(lines(records.outside)).not.toContain(2);
  }, 60_000);
});
