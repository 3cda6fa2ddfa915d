// A failure that names only a failing test file (ava's `Failed to exit when running
// test/parse.test.js`: the worker never finished loading it) still says which code is under test:
// what that file imports. The log is the ava-failed-to-exit fixture, recorded by running ava on these
// same sources (scripts/fixtures/perception-crash.sh, project stuckava).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diagnose } from "../../../src/perception/diagnose.ts";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import { localize, type SuspectLocation } from "../../../src/understanding/localize/localize.ts";
import { perceptionFixtures } from "../../perception/js-fixture-cases.ts";
import { makeRepo, type TestRepo } from "../make-repo.ts";

const sources: Record<string, string> = {
  "lib/parse-path.js": `export function parsePath(path) {
  const parts = [];
  let start = 0;
  for (let i = 0; i <= path.length; ) {
    if (i === path.length || path[i] === ".") {
      parts.push(path.slice(start, i));
      start = i + 1;
    }
  }
  return parts;
}
`,
  "test/parse.test.js": `import test from "ava";
import { parsePath } from "../lib/parse-path.js";
const parts = parsePath("a.b");
test("splits on dots", (t) => t.deepEqual(parts, ["a", "b"]));
`,
  // Code the failing file does not import.
  "lib/format-path.js": `export function formatPath(parts) {
  return parts.join(".");
}
`,
};

let repo: TestRepo;
let ranked: SuspectLocation[] = [];

beforeAll(async () => {
  repo = makeRepo(sources, { git: false });
  const root = repo.root;
  const log = readFileSync(join(perceptionFixtures, "ava-failed-to-exit", "log.txt"), "utf8");
  const { failures } = await diagnose(log, { repoRoot: root });
  ranked = localize({
    index: await buildIndex(root, { cache: null }),
    failures,
    logText: log,
    readLines: (path) => readFileSync(join(root, path), "utf8").split("\n"),
  });
});
afterAll(() => repo.cleanup());

describe("localize when a failure names a test file and no line in it", () => {
  it("ranks what the failing test file imports first, and says so", () => {
    expect(ranked[0]).toMatchObject({ file: "lib/parse-path.js", symbol: "parsePath" });
    expect(ranked[0]?.why).toContain("imported_by_test: lib/parse-path.js imported by the test");
  });

  it("gives code the failing file does not import no import evidence", () => {
    const other = ranked.find((s) => s.file === "lib/format-path.js");
    expect(other?.why.some((w) => w.startsWith("imported_by_test")) ?? false).toBe(false);
    // The line above holds whether or not formatPath is ranked; this one fails if the evidence leaks
    // to any file the test does not import.
    const withImportEvidence = ranked.filter((s) => s.why.some((w) => w.startsWith("imported_by_test")));
    expect(withImportEvidence.map((s) => s.file)).toEqual(["lib/parse-path.js"]);
  });
});
