import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";
import { lines, makeRepo, type TestRepo } from "../make-repo.ts";

describe("flagging test files by path", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  const code = lines("module.exports = function f() {};");
  beforeAll(async () => {
    repo = makeRepo({
      "index.js": code,
      "test.js": code,
      "tests.mjs": code,
      "spec.ts": code,
      "lib/contest.js": code,
      "lib/latest.js": code,
      "lib/parse.test.js": code,
      "lib/parse.spec.tsx": code,
      "test/helpers/run.js": code,
      "spec/parse.js": code,
      "__tests__/parse.js": code,
      // csstree's `lib/__tests/`; a folder merely starting with "test" is no test folder
      "lib/__tests/walk.js": code,
      "lib/_spec_/walk.js": code,
      "lib/__testdata/walk.js": code,
      "pkg/test_parse.py": code,
      "pkg/parse_test.go": code,
      "pkg/test.py": code,
      "pkg/testing_tools.py": code,
      // a module of a Python package: no Python runner collects spec.py
      "pkg/patterns/spec.py": code,
      "tests/spec.py": code,
    });
    index = await buildIndex(repo.root, { cache: null });
  });
  afterAll(() => repo.cleanup());

  it("flags single-file suites, *.test/*.spec files and files under test directories only", () => {
    const flagged = index.files.filter((f) => f.isTest).map((f) => f.path);
    expect(flagged).toEqual([
      "__tests__/parse.js",
      "lib/__tests/walk.js",
      "lib/_spec_/walk.js",
      "lib/parse.spec.tsx",
      "lib/parse.test.js",
      "pkg/parse_test.go",
      "pkg/test.py",
      "pkg/test_parse.py",
      "spec.ts",
      "spec/parse.js",
      "test.js",
      "test/helpers/run.js",
      "tests.mjs",
      "tests/spec.py",
    ]);
  });
});
