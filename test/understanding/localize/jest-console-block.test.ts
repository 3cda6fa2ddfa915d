// A jest log whose `● Console` block holds a console.warn with a code frame and a stack through code
// that has nothing to do with the failure, and whose failing tests are fixture cases titled by the
// module they run, loaded by a computed require (recorded from jest 29:
// test/fixtures/projects/jest-plugins/record.sh).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diagnose } from "../../../src/perception/diagnose.ts";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import { localize, type SuspectLocation } from "../../../src/understanding/localize/localize.ts";
import { withoutNonFailureSections } from "../../../src/understanding/localize/non-failure-sections.ts";
import { filesUnder, makeRepo, type TestRepo } from "../make-repo.ts";

const fixtures = fileURLToPath(new URL("../../fixtures/projects/jest-plugins/", import.meta.url));
const log = readFileSync(join(fixtures, "jest-log.txt"), "utf8");

describe("withoutNonFailureSections on jest's console block with a code frame", () => {
  it("blanks the whole block, the frame's marked line and the stack under it included", () => {
    // The marked line `    > 10 |` sits at the block header's own indent.
    expect(log).toMatch(/^ {4}console\.warn\n[\s\S]*?^ {4}> 10 \|[\s\S]*?dropWords\.js:10:13/m);
    const kept = withoutNonFailureSections(log);
    expect(kept.split("\n")).toHaveLength(log.split("\n").length);
    expect(kept).not.toMatch(/dropWords\.js|pipeline\.js:8|console\.warn/);
    expect(kept).toMatch(/filters tests › upperCase\.01/);
    expect(kept).toMatch(/test\/filters\.test\.js:17:22/);
  });

  it("ends the block at the next failure even when its code frame is colored", () => {
    const colored = [
      "  console.warn",
      "    careful",
      "",
      "      1 | function f() {",
      "    \u001b[31m\u001b[1m>\u001b[22m\u001b[39m\u001b[90m 2 |\u001b[39m   console.warn('careful');",
      "",
      "      at f (lib/noisy.js:2:11)",
      "",
      "  ● suite › fails",
      "      at Object.<anonymous> (lib/real.js:4:9)",
    ].join("\n");
    const kept = withoutNonFailureSections(colored);
    expect(kept).not.toMatch(/noisy/);
    expect(kept).toMatch(/lib\/real\.js:4:9/);
  });
});

describe("localize on the recorded jest log", () => {
  let repo: TestRepo;
  let ranked: SuspectLocation[];
  beforeAll(async () => {
    repo = makeRepo(filesUnder(join(fixtures, "filters-kit")), { git: false });
    const { failures } = await diagnose(log, { repoRoot: repo.root });
    const index = await buildIndex(repo.root, { cache: null });
    const readLines = (path: string) => readFileSync(join(repo.root, path), "utf8").split("\n");
    ranked = localize({ index, failures, logText: log, readLines });
  });
  afterAll(() => repo.cleanup());

  it("takes no frame from the console block: the warning filter is no stack frame", () => {
    const warner = ranked.find((r) => r.file === "filters/dropWords.js");
    expect(warner?.why.some((w) => w.startsWith("stack_frame")) ?? false).toBe(false);
  });

  it("ranks first the filter the failing titles name, which no import or call of the test reaches", () => {
    expect(ranked[0]).toMatchObject({ file: "filters/upperCase.js", symbol: "fn" });
    expect(ranked[0]?.why.join("; ")).toMatch(
      /test_file: filters\/upperCase\.js is named by 2 of 2 failing test/,
    );
  });
});
