import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diagnose } from "../../../../src/perception/diagnose.ts";
import type { Failure } from "../../../../src/perception/failure.ts";
import { buildIndex } from "../../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../../src/understanding/index/code-index.ts";
import { avaMatchSplit } from "../../../../src/understanding/localize/dynamic/ava-match-split.ts";
import { filteredArgv } from "../../../../src/understanding/localize/dynamic/filtered-argv.ts";
import { lines, makeRepo, type TestRepo } from "../../make-repo.ts";

// A real ava 5 log of two files: ava prefixes each title with its file's name (`round › rounds half
// up`, `currency › unknown currency falls back to the code`).
const log = readFileSync("test/fixtures/perception/ava-basic/log.txt", "utf8");
const files = [
  { name: null, file: "test/round.test.js" },
  { name: null, file: "test/currency.test.js" },
];

describe("ava's failing files split by title", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  let failures: Failure[];
  beforeAll(async () => {
    repo = makeRepo({
      "test/round.test.js": lines(
        'import test from "ava";',
        'test("rounds half up", (t) => { t.is(1, 1); });',
        'test("keeps whole cents", (t) => { t.is(1, 1); });',
        'test("rounds * twice", (t) => { t.is(1, 1); });',
      ),
      "test/currency.test.js": lines(
        'import test from "ava";',
        'test("unknown currency falls back to the code", (t) => { t.is(1, 1); });',
      ),
    });
    index = await buildIndex(repo.root, { cache: null });
    failures = (await diagnose(log, {})).failures;
  });
  afterAll(() => repo.cleanup());

  it("runs the failing titles alone, and the files that declare other tests without them", () => {
    const split = avaMatchSplit(files, failures, index);
    expect(split?.failing).toEqual([
      { name: "rounds half up", file: "test/round.test.js" },
      { name: "unknown currency falls back to the code", file: "test/currency.test.js" },
    ]);
    // currency.test.js declares no other test: a run without its failing one would select nothing.
    expect(split?.passing).toEqual([
      {
        name: null,
        file: "test/round.test.js",
        skipSubtests: ["rounds half up", "unknown currency falls back to the code"],
      },
    ]);
    expect(filteredArgv("ava", ["npx", "ava", "--verbose"], split!.failing)).toEqual([
      "npx",
      "ava",
      "--verbose",
      "--match=rounds half up",
      "--match=unknown currency falls back to the code",
      "test/round.test.js",
      "test/currency.test.js",
    ]);
    expect(filteredArgv("ava", ["npx", "ava"], split!.passing)).toEqual([
      "npx",
      "ava",
      "--match=!rounds half up",
      "--match=!unknown currency falls back to the code",
      "test/round.test.js",
    ]);
  });

  it("leaves the files whole when a failure cannot be selected by its title alone", () => {
    const renamed = (test: string | null) => failures.map((f, i) => (i === 0 ? { ...f, test } : f));
    // `*` is ava's wildcard: the pattern would select `rounds * twice` and more.
    expect(avaMatchSplit(files, renamed("round › rounds * twice"), index)).toBeNull();
    // A title no file declares (a macro's, a computed one), and a failure outside any test.
    expect(avaMatchSplit(files, renamed("round › rounds half down"), index)).toBeNull();
    expect(avaMatchSplit(files, renamed(null), index)).toBeNull();
    // A failing file none of whose failures it declares failed outside its tests.
    expect(avaMatchSplit([...files, { name: null, file: "test/other.test.js" }], failures, index)).toBeNull();
  });
});
