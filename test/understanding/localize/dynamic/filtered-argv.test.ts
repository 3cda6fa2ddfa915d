import { describe, expect, it } from "vitest";
import { filteredArgv } from "../../../../src/understanding/localize/dynamic/filtered-argv.ts";
import { testRunnerKind } from "../../../../src/understanding/localize/dynamic/test-runner-kind.ts";

const target = { name: "adds (two) numbers", file: "test/add.test.js" };

describe("selecting one failing test with each runner's own filter", () => {
  it.each([
    ["npx jest --ci", ["npx", "jest", "--ci", "test/add.test.js", "-t", "adds \\(two\\) numbers"]],
    [
      "npx vitest run",
      ["npx", "vitest", "run", "--pool=threads", "test/add.test.js", "-t", "adds \\(two\\) numbers"],
    ],
    ["npx mocha test/", ["npx", "mocha", "test/", "--grep", "adds \\(two\\) numbers"]],
    ["node --test test/", ["node", "--test", "--test-name-pattern=adds \\(two\\) numbers", "test/"]],
    ["npx tap test/*.js --reporter=tap", ["npx", "tap", "--reporter=tap", "test/add.test.js"]],
    ["npx ava --verbose", ["npx", "ava", "--verbose", "test/add.test.js"]],
    ["npx tape test/**/*.js", ["npx", "tape", "test/add.test.js"]],
    [
      "python3 -m pytest -q tests",
      ["python3", "-m", "pytest", "-q", "test/add.test.js", "-k", "adds (two) numbers"],
    ],
  ])("%s", (command, expected) => {
    const argv = command.split(" ");
    const kind = testRunnerKind(argv);
    expect(kind).not.toBeNull();
    expect(filteredArgv(kind!, argv, [target])).toEqual(expected);
  });

  it("runs a pytest node id as given, without the suite's own paths", () => {
    const argv = ["pytest", "-p", "no:cacheprovider", "tests"];
    const nodeId = "tests/test_x.py::TestX::test_y[1-2]";
    expect(filteredArgv("pytest", argv, [{ name: "test_y", file: "tests/test_x.py", nodeId }])).toEqual([
      "pytest",
      "-p",
      "no:cacheprovider",
      nodeId,
    ]);
  });

  it("does not recognise a command that starts no known runner", () => {
    expect(testRunnerKind(["make", "check"])).toBeNull();
    expect(testRunnerKind(["node", "scripts/test.js"])).toBeNull();
  });

  it.each([
    [
      "npx jest --ci",
      ["npx", "jest", "--ci", "test/a.test.js", "test/b.test.js", "-t", "(?:adds|sub\\.tracts)$"],
    ],
    ["npx mocha test/", ["npx", "mocha", "test/", "--grep", "(?:adds|sub\\.tracts)$"]],
    [
      "node --test test/",
      ["node", "--test", "--test-name-pattern=adds$", "--test-name-pattern=sub\\.tracts$", "test/"],
    ],
    ["npx ava --verbose", ["npx", "ava", "--verbose", "test/a.test.js", "test/b.test.js"]],
    ["pytest -q tests", ["pytest", "-q", "test/a.test.js", "test/b.test.js", "-k", "adds or sub.tracts"]],
  ])("runs a batch of passing tests as one process: %s", (command, expected) => {
    const argv = command.split(" ");
    const batch = [
      { name: "adds", file: "test/a.test.js" },
      { name: "sub.tracts", file: "test/b.test.js" },
    ];
    expect(filteredArgv(testRunnerKind(argv)!, argv, batch)).toEqual(expected);
  });
});
