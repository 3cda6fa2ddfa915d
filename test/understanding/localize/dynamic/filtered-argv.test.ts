import { describe, expect, it } from "vitest";
import {
  filteredArgv,
  pytestOperands,
} from "../../../../src/understanding/localize/dynamic/filtered-argv.ts";
import { testRunnerKind } from "../../../../src/understanding/localize/dynamic/test-runner-kind.ts";

const target = { name: "adds (two) numbers", file: "test/add.test.js" };

describe("selecting one failing test with each runner's own filter", () => {
  it.each([
    ["npx jest --ci", ["npx", "jest", "test/add.test.js", "-t", "adds \\(two\\) numbers", "--ci"]],
    [
      "npx vitest run",
      ["npx", "vitest", "run", "--pool=threads", "test/add.test.js", "-t", "adds \\(two\\) numbers"],
    ],
    ["npx mocha test/", ["npx", "mocha", "test/", "--grep", "adds \\(two\\) numbers"]],
    ["node --test test/", ["node", "--test", "--test-name-pattern=adds \\(two\\) numbers", "test/"]],
    ["npx tap test/*.js --reporter=tap", ["npx", "tap", "--reporter=tap", "test/add.test.js"]],
    // ava reads a title as a pattern only for `*` and a leading `!` (ava-match-split.ts keeps those out).
    ["npx ava --verbose", ["npx", "ava", "--verbose", "--match=adds (two) numbers", "test/add.test.js"]],
    ["npx tape test/**/*.js", ["npx", "tape", "test/add.test.js"]],
    [
      "npx uvu -r esm test -i fixtures",
      ["npx", "uvu", "-r", "esm", "-i", "fixtures", "test", "^add\\.test\\.js$"],
    ],
    [
      "python3 -m pytest -q tests",
      ["python3", "-m", "pytest", "-q", "test/add.test.js", "-k", "adds (two) numbers"],
    ],
    // lab's -g matches the full title (describe titles first): anchored at its end only
    [
      "npx lab -a @hapi/code -t 100 -L -Y -r tap test",
      [
        "npx",
        "lab",
        "-a",
        "@hapi/code",
        "-r",
        "tap",
        "-g",
        "(?:adds \\(two\\) numbers)$",
        "test/add.test.js",
      ],
    ],
  ])("%s", (command, expected) => {
    const argv = command.split(" ");
    const kind = testRunnerKind(argv);
    expect(kind).not.toBeNull();
    expect(filteredArgv(kind!, argv, [target])).toEqual(expected);
  });

  it("leaves named top-level subtests out of a tap run of the same files (--grep with --invert)", () => {
    const argv = ["npx", "tap", "test/*.js", "--reporter=tap"];
    const skipSubtests = ["encode (from) data", "encode with align"];
    expect(filteredArgv("tap", argv, [{ name: null, file: "test/foo.js", skipSubtests }])).toEqual([
      "npx",
      "tap",
      "--reporter=tap",
      "--grep=^(?:encode \\(from\\) data|encode with align)$",
      "--invert",
      "test/foo.js",
    ]);
  });

  it("keeps a pytest option's path value with it (--deselect), dropping only the suite's own paths", () => {
    const argv = ["python3", "-m", "pytest", "toolz", "--deselect", "toolz/tests/test_a.py::test_v"];
    const nodeId = "toolz/tests/test_b.py::test_w";
    expect(filteredArgv("pytest", argv, [{ name: "test_w", file: "toolz/tests/test_b.py", nodeId }])).toEqual(
      ["python3", "-m", "pytest", "--deselect", "toolz/tests/test_a.py::test_v", nodeId],
    );
  });

  it("keeps the values of pytest's options (-k, -m, --tb, --cov) with them, not as the suite's paths", () => {
    const argv = [
      "python",
      "-m",
      "pytest",
      "-m",
      "not slow",
      "-k",
      "not net",
      "--tb",
      "short",
      "--cov",
      "src",
      "tests",
    ];
    const nodeId = "tests/test_b.py::test_w";
    expect(filteredArgv("pytest", argv, [{ name: "test_w", file: "tests/test_b.py", nodeId }])).toEqual([
      ...["python", "-m", "pytest", "-m", "not slow", "-k", "not net", "--tb", "short", "--cov", "src"],
      nodeId,
    ]);
    expect(pytestOperands(argv)).toEqual(["tests"]);
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

  it("runs unittest ids alone, without the command's own modules, so a module's load_tests stays out", () => {
    const argv = ["python3", "-m", "unittest", "-b", "tests.test_recipes", "-k", "sieve"];
    const failing = { name: "test_y", file: "tests/test_x.py", nodeId: "tests.test_x.XTests.test_y" };
    const passing = { name: "test_z", file: "tests/test_z.py", className: "ZTests" };
    expect(testRunnerKind(argv)).toBe("unittest");
    expect(filteredArgv("unittest", argv, [failing, passing])).toEqual([
      "python3",
      "-m",
      "unittest",
      "-b",
      "tests.test_x.XTests.test_y",
      "tests.test_z.ZTests.test_z",
    ]);
  });

  it("selects unittest methods under discover with -k patterns matched against the whole id", () => {
    const argv = ["python", "-m", "unittest", "discover", "-s", "tests", "-k", "old"];
    const failing = { name: "test_y", file: "tests/test_x.py", nodeId: "test_x.XTests.test_y" };
    const passing = { name: "test_z", file: "tests/test_z.py", className: "ZTests" };
    expect(filteredArgv("unittest", argv, [failing, passing])).toEqual([
      ...["python", "-m", "unittest", "discover", "-s", "tests"],
      ...["-k", "*test_x.XTests.test_y", "-k", "*.ZTests.test_z"],
    ]);
  });

  it("cannot select a unittest method whose class is unknown", () => {
    expect(
      filteredArgv("unittest", ["python3", "-m", "unittest"], [{ name: "test_z", file: "tests/t.py" }]),
    ).toBeNull();
  });

  // Checked with jest 29: files after `--testPathIgnorePatterns a b` were read as more ignore
  // patterns, every suite was skipped and jest exited 0, as if the failing test passed.
  it("puts jest's selection right after its name, where no array option of the command takes it", () => {
    const argv = ["npx", "jest", "--ci", "--testPathIgnorePatterns", "tests/_utils", "tests/fixtures"];
    expect(filteredArgv("jest", argv, [{ name: "adds", file: "tests/a.test.js" }])).toEqual([
      "npx",
      "jest",
      "tests/a.test.js",
      "-t",
      "adds",
      "--ci",
      "--testPathIgnorePatterns",
      "tests/_utils",
      "tests/fixtures",
    ]);
    expect(
      filteredArgv("jest", ["npx", "-p", "jest", "jest", "--ci"], [{ name: null, file: "a.test.js" }]),
    ).toEqual(["npx", "-p", "jest", "jest", "a.test.js", "--ci"]);
    // a project's own wrapper script is not jest, and gets no jest arguments
    expect(testRunnerKind(["node", "scripts/jest.js"])).toBeNull();
    const esm = ["node", "--experimental-vm-modules", "node_modules/jest/bin/jest.js", "--roots", "src"];
    expect(testRunnerKind(esm)).toBe("jest");
    expect(testRunnerKind(["node", "node_modules/jest-cli/bin/jest.js"])).toBe("jest");
    expect(filteredArgv("jest", esm, [{ name: null, file: "src/a.test.js" }])).toEqual([
      "node",
      "--experimental-vm-modules",
      "node_modules/jest/bin/jest.js",
      "src/a.test.js",
      "--roots",
      "src",
    ]);
  });

  it("takes a reporter's name for the reporter, not the runner: lab -r tap is lab", () => {
    expect(testRunnerKind(["node_modules/.bin/lab", "-a", "@hapi/code", "-r", "tap"])).toBe("lab");
    expect(testRunnerKind(["npx", "borp", "--reporter", "tap"])).toBeNull();
    expect(testRunnerKind(["node", "--test-reporter", "tap", "--test"])).toBe("node_test");
  });

  it("drops lab's suite-wide checks and its own selection, keeping option values with their options", () => {
    const argv = [
      "lab",
      "-a",
      "@hapi/code",
      "--threshold",
      "90",
      "-c",
      "-L",
      "-i",
      "3-4",
      "-g",
      "x",
      "-m",
      "500",
    ];
    expect(filteredArgv("lab", argv, [{ name: null, file: "test/a.js" }])).toEqual([
      ...["lab", "-a", "@hapi/code", "-m", "500", "test/a.js"],
    ]);
    // no file known: the command's own paths stay
    expect(filteredArgv("lab", ["lab", "-t", "100", "test/unit"], [{ name: "adds", file: null }])).toEqual([
      ...["lab", "-g", "(?:adds)$", "test/unit"],
    ]);
    expect(filteredArgv("lab", ["lab"], [{ name: null, file: null }])).toBeNull();
  });

  it("does not recognise a command that starts no known runner", () => {
    expect(testRunnerKind(["make", "check"])).toBeNull();
    expect(testRunnerKind(["node", "scripts/test.js"])).toBeNull();
  });

  it.each([
    [
      "npx jest --ci",
      ["npx", "jest", "test/a.test.js", "test/b.test.js", "-t", "(?:adds|sub\\.tracts)$", "--ci"],
    ],
    ["npx mocha test/", ["npx", "mocha", "test/", "--grep", "(?:adds|sub\\.tracts)$"]],
    [
      "node --test test/",
      ["node", "--test", "--test-name-pattern=adds$", "--test-name-pattern=sub\\.tracts$", "test/"],
    ],
    [
      "npx ava --verbose",
      ["npx", "ava", "--verbose", "--match=adds", "--match=sub.tracts", "test/a.test.js", "test/b.test.js"],
    ],
    ["uvu tests .spec.js", ["uvu", "test", "^(?:a\\.test\\.js|b\\.test\\.js)$"]],
    ["pytest -q tests", ["pytest", "-q", "test/a.test.js", "test/b.test.js", "-k", "adds or sub.tracts"]],
  ])("runs a batch of passing tests as one process: %s", (command, expected) => {
    const argv = command.split(" ");
    const batch = [
      { name: "adds", file: "test/a.test.js" },
      { name: "sub.tracts", file: "test/b.test.js" },
    ];
    expect(filteredArgv(testRunnerKind(argv)!, argv, batch)).toEqual(expected);
  });

  it("gives uvu the files' common folder, so files in different folders are both selected", () => {
    const batch = [
      { name: null, file: "test/a.js" },
      { name: null, file: "test/deep/b.js" },
    ];
    expect(filteredArgv("uvu", ["uvu", "-r", "tsm", "src"], batch)).toEqual([
      ...["uvu", "-r", "tsm", "test"],
      "^(?:a\\.js|deep/b\\.js)$",
    ]);
    expect(filteredArgv("uvu", ["uvu", "-C", "packages/x"], batch)).toBeNull();
    expect(filteredArgv("uvu", ["uvu"], [{ name: "adds", file: null }])).toBeNull();
  });
});

describe("a mocha command that already chooses tests by title", () => {
  it.each([
    ["npx mocha --grep slow|recursion --invert test/", ["npx", "mocha", "test/"]],
    ["npx mocha -g slow -i test/", ["npx", "mocha", "test/"]],
    ["npx mocha --grep=slow --fgrep fast test/", ["npx", "mocha", "test/"]],
  ])("drops the command's own pattern and --invert for ours: %s", (command, kept) => {
    const words = command.split(" ");
    const argv = filteredArgv(testRunnerKind(words)!, words, [target]);
    expect(argv).toEqual([...kept, "--grep", "adds \\(two\\) numbers"]);
  });
});
