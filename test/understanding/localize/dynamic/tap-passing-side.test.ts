import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diagnose } from "../../../../src/perception/diagnose.ts";
import type { Failure } from "../../../../src/perception/failure.ts";
import { buildIndex } from "../../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../../src/understanding/index/code-index.ts";
import { tapPassingSide } from "../../../../src/understanding/localize/dynamic/tap-passing-side.ts";
import { lines, makeRepo, type TestRepo } from "../../make-repo.ts";

// A real tap 16 log (ini's suite with a mutant, recorded by the localization corpus' tooling): its
// failures are `encode from data > must match snapshot` and the like.
const log = readFileSync("bench/localize-corpus/logs/ini-01.txt", "utf8");

describe("the passing side of a failing tap file", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  let failures: Failure[];
  beforeAll(async () => {
    repo = makeRepo({
      "test/foo.js": lines(
        'const test = require("tap").test;',
        'test("decode from file", (t) => { t.end(); });',
        'test("encode from data", (t) => { t.end(); });',
        'test("encode with align", (t) => { t.end(); });',
      ),
      // Every assertion in the file's root test: no top-level subtest to leave out.
      "test/basic.js": lines('const t = require("tap");', "t.equal(1, 1);"),
    });
    index = await buildIndex(repo.root, { cache: null });
    failures = (await diagnose(log, {})).failures;
  });
  afterAll(() => repo.cleanup());

  it("runs a failing file again without the top-level subtests that failed", () => {
    const side = tapPassingSide([{ name: null, file: "test/foo.js" }], failures, index);
    expect(side).toHaveLength(1);
    expect(side[0]).toMatchObject({ name: null, file: "test/foo.js" });
    expect(side[0]?.skipSubtests).toEqual(expect.arrayContaining(["encode from data", "encode with align"]));
    // Names the file does not declare (the log's other failing subtests, assertion names) are not skipped.
    expect(side[0]?.skipSubtests).not.toContain("must match snapshot");
    expect(side[0]?.skipSubtests).not.toContain("encode with sort");
  });

  it("adds no run for a file whose failures are not its declared subtests, or that has no other", () => {
    expect(tapPassingSide([{ name: null, file: "test/basic.js" }], failures, index)).toEqual([]);
    const allFailed = failures.concat(
      ["decode from file"].map((name) => ({ ...failures[0]!, test: `${name} > must match snapshot` })),
    );
    expect(tapPassingSide([{ name: null, file: "test/foo.js" }], allFailed, index)).toEqual([]);
    const noSubtest = failures.map((f) => ({ ...f, test: "must match snapshot" }));
    expect(tapPassingSide([{ name: null, file: "test/foo.js" }], noSubtest, index)).toEqual([]);
  });
});
