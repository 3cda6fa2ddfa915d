// An error thrown in a callback the test wrote (a handler, a visitor, a WSGI app) and called by the
// library: the library frame under it called the test's code, it did not fail. Read from the raw log
// as well as from the parsed stacks, in the forms the runners print (logs recorded from mocha with
// supertest and finalhandler's HTML 500 page, node:test, pytest: test/fixtures/projects/stack-callbacks).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diagnose } from "../../../src/perception/diagnose.ts";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import { localize, type SuspectLocation } from "../../../src/understanding/localize/localize.ts";
import { filesUnder, makeRepo, type TestRepo } from "../make-repo.ts";

const fixtures = fileURLToPath(new URL("../../fixtures/projects/stack-callbacks/", import.meta.url));
// Where record.sh rewrote the checkout to (a CI runner's path).
const runnerRoot = "/home/runner/work/stack-callbacks/stack-callbacks";

/** `rawOnly`: no parsed failures, so every frame the ranking sees is a mention in the raw log. */
async function rankFromLog(
  project: string,
  log: string,
  rawOnly = false,
): Promise<{ repo: TestRepo; ranked: SuspectLocation[] }> {
  const repo = makeRepo(filesUnder(join(fixtures, project)), { git: false });
  const logText = readFileSync(join(fixtures, log), "utf8");
  const { failures } = await diagnose(logText, { repoRoot: runnerRoot });
  const index = await buildIndex(repo.root, { cache: null });
  const readLines = (path: string) => readFileSync(join(repo.root, path), "utf8").split("\n");
  return { repo, ranked: localize({ index, failures: rawOnly ? [] : failures, logText, readLines }) };
}

const whyOf = (ranked: SuspectLocation[], symbol: string) =>
  ranked.find((r) => r.symbol === symbol)?.why.join("; ") ?? "";

describe("mocha: a handler the test wrote throws under the library (spec reporter, supertest)", () => {
  let repo: TestRepo;
  let ranked: SuspectLocation[];
  beforeAll(async () => ({ repo, ranked } = await rankFromLog("routes", "mocha-log.txt")));
  afterAll(() => repo.cleanup());

  it("gives the library frame that called the test's handler no innermost credit from the raw log", () => {
    expect(whyOf(ranked, "dispatch")).toMatch(/lib\/router\.js:34/);
    expect(whyOf(ranked, "dispatch")).not.toMatch(/innermost/);
  });

  it("reads the server's stack from an HTML 500 page in the assertion message, the test's handler innermost", () => {
    // `handle` (lib/router.js:11) is only on the stack finalhandler quoted in the page.
    expect(whyOf(ranked, "handle")).toMatch(/lib\/router\.js:11 \(log\) \(depth 1\)/);
  });
});

for (const [reporter, log] of [
  ["TAP", "nodetest-log.txt"],
  ["spec", "nodetest-spec-log.txt"],
] as const)
  describe(`node:test (${reporter} reporter), read from the raw log alone`, () => {
    let repo: TestRepo;
    let ranked: SuspectLocation[];
    beforeAll(async () => ({ repo, ranked } = await rankFromLog("visit", log, true)));
    afterAll(() => repo.cleanup());

    it("keeps the library's own throw innermost (the TAP reporter prints the test's `location:` above it)", () => {
      expect(whyOf(ranked, "prepare")).toMatch(/innermost at lib\/visit\.js:2 \(log\)/);
    });

    it("gives the library frames under a handler or visitor the test wrote no innermost credit", () => {
      expect(whyOf(ranked, "dispatch")).toMatch(/lib\/visit\.js:14 \(log\) \(depth 1\)/);
      // V8 keeps ten frames: the visitor's stack is cut before the test's own frame.
      expect(whyOf(ranked, "visit")).toMatch(/lib\/visit\.js:8 \(log\) \(depth 1\)/);
    });
  });

describe("pytest: chained exceptions still split into tracebacks", () => {
  let repo: TestRepo;
  let ranked: SuspectLocation[];
  beforeAll(async () => ({ repo, ranked } = await rankFromLog("wsgi", "pytest-log.txt")));
  afterAll(() => repo.cleanup());

  it("still splits a chained exception: the cause, caught in the library, is its own traceback", () => {
    // Read as one traceback, the LookupError's raise (line 22) would be innermost; the KeyError's
    // traceback runs from the library frame that caught it (line 20) and is read first.
    expect(whyOf(ranked, "Request.lookup")).toMatch(/innermost at src\/wsgikit\/request\.py:20(?! \(log\))/);
  });

  it("splits where the test caught the library's error and raised its own: the library's raise is innermost", () => {
    // pytest's long format prints neither test entry with a function: read as one traceback, the
    // test's raise would be innermost and `number` one level out. The parsed frames (not the log's
    // mentions, which "During handling" splits) are what this reads.
    expect(whyOf(ranked, "Request.number")).toMatch(/innermost at src\/wsgikit\/request\.py:25(?! \(log\))/);
  });
});
