// A library that calls functions its user hands it (a router's handlers, a visitor's callbacks) is on
// the stack under the test's own handler when that handler throws: it called the test's code, it did
// not fail. Here `dispatch` calls the test's handler, which throws on `req.locals`, because
// `initRequest` (the fault, no longer on the stack) never set it. The suite runs for real with node:test.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localize, type SuspectLocation } from "../../../src/understanding/localize/localize.ts";
import { makeRepo, type TestRepo } from "../make-repo.ts";
import { failingRun } from "./failing-run.ts";

describe("an error thrown in a callback the test wrote, called by the library", () => {
  let repo: TestRepo;
  let ranked: SuspectLocation[];
  beforeAll(async () => {
    repo = makeRepo(
      {
        "package.json": '{ "name": "routes", "type": "module", "private": true }\n',
        "lib/router.js": [
          "export function initRequest(req) {",
          "  req.local = {};",
          "  return req;",
          "}",
          "",
          "export function dispatch(handlers, req) {",
          "  const prepared = initRequest(req);",
          "  for (const handle of handlers) handle(prepared);",
          "  return prepared;",
          "}",
          "",
        ].join("\n"),
        "test/router.test.js": [
          'import { test } from "node:test";',
          'import assert from "node:assert/strict";',
          'import { dispatch } from "../lib/router.js";',
          "",
          'test("a handler may keep values in req.locals", () => {',
          "  const req = dispatch([(r) => { r.locals.user = 'ann'; }], {});",
          "  assert.equal(req.locals.user, 'ann');",
          "});",
          "",
        ].join("\n"),
      },
      { git: false },
    );
    const { log, failures, index, readLines } = await failingRun(repo.root, [
      process.execPath,
      "--test",
      "test/router.test.js",
    ]);
    // The parsed stacks only: the log's bare `path:line` mentions are left as they were (node:test
    // prints the test's `location:` above the stack it reports, so test-first does not hold there).
    expect(log).toContain("lib/router.js");
    ranked = localize({ index, failures, logText: "", readLines });
  });
  afterAll(() => repo.cleanup());

  it("gives the library frame that called the test's handler no innermost credit in a parsed stack", () => {
    const dispatch = ranked.find((r) => r.symbol === "dispatch");
    expect(dispatch?.why.join("; ")).not.toMatch(/innermost/);
    expect(dispatch?.why.join("; ")).toMatch(/depth 1/);
  });
});
