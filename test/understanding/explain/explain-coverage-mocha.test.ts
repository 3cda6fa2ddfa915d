// `xihe explain --coverage` under mocha: each test file runs alone as `mocha [the command's options]
// FILE`, the command's own spec (the paths after mocha, `--spec`) left out; a spec in mocha's config,
// which mocha would run besides the file, refuses the plan before any install.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { planTestFiles } from "../../../src/understanding/explain/per-test-coverage/run-test-files.ts";
import { makeScratchDir } from "../../support/scratch-dir.ts";

let scratch: ReturnType<typeof makeScratchDir> | undefined;
afterEach(() => scratch?.remove());

function checkout(files: Record<string, string>): string {
  scratch = makeScratchDir("explain-mocha");
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(scratch.dir, path, ".."), { recursive: true });
    writeFileSync(join(scratch.dir, path), text);
  }
  return scratch.dir;
}

const pkg = (extra: object) =>
  JSON.stringify({ name: "r", scripts: { test: "mocha --reporter spec --check-leaks test/" }, ...extra });
const tests = ["test/route.js", "test/router.js"];

describe("explain --coverage plan under mocha", () => {
  it("runs each test file alone with the command's options, not its spec", () => {
    const root = checkout({ "package.json": pkg({}), "test/route.js": "", "test/router.js": "" });
    const plan = planTestFiles(root, "npm test", tests);
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.plan.runner).toBe("mocha");
    expect(plan.plan.runs.map((r) => r.argv?.slice(1))).toEqual([
      ["--reporter", "spec", "--check-leaks", "test/route.js"],
      ["--reporter", "spec", "--check-leaks", "test/router.js"],
    ]);
    const spec = planTestFiles(root, "npx mocha --spec test/ --timeout 5000 -r ./setup.js", tests);
    expect(spec.ok && spec.plan.runs[0]?.argv).toEqual([
      "npx",
      "mocha",
      "--timeout",
      "5000",
      "-r",
      "./setup.js",
      "test/route.js",
    ]);
  });

  it("refuses when mocha's config names a spec, which it would run besides the file", () => {
    const rc = checkout({ "package.json": pkg({}), ".mocharc.yml": "spec: test/**/*.js\n" });
    const byRc = planTestFiles(rc, "npm test", tests);
    expect(byRc.ok ? null : byRc.reason).toMatch(/mocha's config \(\.mocharc\.yml\) names a spec/);
    const inPackage = checkout({ "package.json": pkg({ mocha: { spec: "test/" } }) });
    const byPackage = planTestFiles(inPackage, "npm test", tests);
    expect(byPackage.ok ? null : byPackage.reason).toMatch(/package\.json "mocha"/);
    // A config without a spec (only a reporter) leaves the files alone.
    const other = checkout({ "package.json": pkg({}), ".mocharc.json": '{ "reporter": "dot" }' });
    expect(planTestFiles(other, "npm test", tests).ok).toBe(true);
  });
});
