import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { filteredArgv } from "../../../../src/understanding/localize/dynamic/filtered-argv.ts";
import { nodeTestAncestors } from "../../../../src/understanding/localize/dynamic/node-test-ancestors.ts";

// A real `node --test` TAP log (Node 20) of a fast-content-type-parse mutant (corpus task
// contenttype-07): the failing tests are subtests of `safeParse`, and a passing subtest of `parse`
// has the same name as a failing one of `safeParse`.
const log = readFileSync(join(process.cwd(), "bench/localize-corpus/logs/contenttype-07.txt"), "utf8");

// The same shape from the spec reporter (Node 20, `node --test --test-reporter=spec`).
const spec = `▶ parse
  ✔ should lower-case parameter names (0.2ms)
▶ parse (3.1ms)

▶ safeParse
  ✔ should parse basic type (0.1ms)
  ✖ should lower-case parameter names (0.4ms)
    AssertionError [ERR_ASSERTION]: Expected values to be strictly deep-equal:
▶ safeParse (2.2ms)
`;

describe("node:test ancestors from the log", () => {
  it("names the parent of a failing TAP subtest, preferring the failing line of a repeated name", () => {
    expect(nodeTestAncestors(log, "should safeParse parameters", true)).toEqual(["safeParse"]);
    expect(nodeTestAncestors(log, "should lower-case parameter names", true)).toEqual(["safeParse"]);
    expect(nodeTestAncestors(log, "should lower-case parameter names", false)).toEqual(["parse"]);
  });

  it("reads TAP's escaped names as perception gives them: unescaped, the ancestor too", () => {
    // Node 24's `--test-reporter=tap` (scripts/fixtures/perception-js-tap-escapes.sh) prints the suite
    // `slug (#41)` as `slug (\#41)` and its test `keeps a # out: C# -> c-` escaped likewise.
    const escaped = readFileSync(
      join(process.cwd(), "test/fixtures/perception/nodetest-tap-escapes/log.txt"),
      "utf8",
    );
    expect(nodeTestAncestors(escaped, "keeps a # out: C# -> c-", true)).toEqual(["slug (#41)"]);
    expect(nodeTestAncestors(escaped, "escapes a dot as \\.", true)).toEqual(["escapeId"]);
  });

  it("reads the spec reporter's nesting, and a name the log lacks has none", () => {
    expect(nodeTestAncestors(spec, "should lower-case parameter names", true)).toEqual(["safeParse"]);
    expect(nodeTestAncestors(spec, "should parse basic type", false)).toEqual(["safeParse"]);
    expect(nodeTestAncestors(spec, "not in the log", true)).toEqual([]);
  });

  it("adds each ancestor as an anchored --test-name-pattern before the files", () => {
    const target = {
      name: "should safeParse parameters",
      file: "test/index.test.js",
      ancestors: ["safeParse"],
    };
    expect(filteredArgv("node_test", ["node", "--test", "test/"], [target])).toEqual([
      "node",
      "--test",
      "--test-name-pattern=should safeParse parameters$",
      "--test-name-pattern=^safeParse$",
      "test/",
    ]);
  });
});
