import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { diagnose } from "../../../../src/perception/diagnose.ts";
import { failingTargets, leafName } from "../../../../src/understanding/localize/dynamic/failing-targets.ts";

// A real `python3 -m unittest tests.test_recipes` log of a more-itertools mutant (corpus task
// moreitertools-04): three TestCase failures and a failing doctest (`FAIL: tail (more_itertools.recipes)`).
const log = readFileSync(join(process.cwd(), "bench/localize-corpus/logs/moreitertools-04.txt"), "utf8");

describe("failing unittest targets", () => {
  it("are the failing methods by their dotted ids; the doctest, which unittest cannot load by name, is not", async () => {
    const { failures } = await diagnose(log, { repoRoot: "/home/runner/work/more-itertools/more-itertools" });
    const targets = failingTargets({ failures, max: 5, isTest: (f) => f.startsWith("tests/") });
    expect(targets.map((t) => [t.nodeId, t.name, t.className])).toEqual([
      ["tests.test_recipes.TailTests.test_sized_equal", "test_sized_equal", "TailTests"],
      ["tests.test_recipes.TailTests.test_sized_greater", "test_sized_greater", "TailTests"],
      ["tests.test_recipes.TailTests.test_sized_less", "test_sized_less", "TailTests"],
    ]);
  });
});

describe("failing uvu targets", () => {
  // A real `uvu -r esm test -i suites` log of a klona mutant (corpus task klona-02): the test names
  // hold `::` (`TypedArray "ArrayBuffer :: empty"`), which is no pytest node id.
  const uvuLog = readFileSync(join(process.cwd(), "bench/localize-corpus/logs/klona-02.txt"), "utf8");

  it("keep the test file from the trace; the name is not split as a node id", async () => {
    const { failures } = await diagnose(uvuLog, { repoRoot: "/home/runner/work/klona/klona" });
    const targets = failingTargets({ failures, max: 1, isTest: (f) => f.startsWith("test/") });
    expect(targets).toEqual([{ name: "ArrayBuffer\u00a0:: empty", file: "test/suites/typedarray.js" }]);
  });
});

describe("failing mocha hooks", () => {
  // A real mocha spec log (perception fixture mocha-spec): a `"before all" hook for "opens"` failure.
  const mochaLog = readFileSync(join(process.cwd(), "test/fixtures/perception/mocha-spec/log.txt"), "utf8");

  it("select the test the hook ran for, which --grep can match", async () => {
    const { failures } = await diagnose(mochaLog, {
      repoRoot: "/tmp/xihe-fx-tools/cases/mocha-spec",
    });
    expect(failures.map((f) => f.test)).toContain('ledger "before all" hook for "opens"');
    const targets = failingTargets({ failures, max: 5, isTest: (f) => f.startsWith("test/") });
    expect(targets.map((t) => t.name)).toEqual([
      "opens",
      "format unknown currency falls back to the code",
      "roundCents rounds half up",
    ]);
  });
});

describe("failing pytest targets", () => {
  const failure = (test: string) => ({
    tool: "pytest",
    kind: "test" as const,
    file: "tests/test_x.py",
    line: null,
    column: null,
    test,
    message: "assert 1 == 0",
    rule: null,
    frames: [],
  });
  const targets = (tests: string[]) =>
    failingTargets({ failures: tests.map(failure), max: 5, isTest: () => true }).map((t) => t.nodeId);

  it("keep a parametrized id's ` [` inside its brackets; a subtest's ` [msg]` after the id goes", () => {
    expect(targets(["tests/test_x.py::test_a[a [b]]", "tests/test_x.py::test_b[p] [sub msg]"])).toEqual([
      "tests/test_x.py::test_a[a [b]]",
      "tests/test_x.py::test_b[p]",
    ]);
  });
});

describe("a test's leaf name", () => {
  it("splits at the runners' suite separators, not at a `>` of the name itself", () => {
    expect(leafName("test/a.test.ts > parser > reads a tag")).toBe("reads a tag");
    expect(leafName("parser › reads a tag")).toBe("reads a tag");
    expect(leafName("<%= escape &amp;<script>")).toBe("<%= escape &amp;<script>");
    expect(leafName("maps a->b")).toBe("maps a->b");
  });
});

describe("failing tape targets perception could not place in a file", () => {
  // A real tape log of a resolve mutant (heldout7 task resolve-06, seen since session 36): 64
  // failures named `mock package`, 63 with no file (only one's diagnostic block has a stack), while
  // the traces name test/mock.js.
  const tapeLog = readFileSync(join(process.cwd(), "bench/localize-corpus/logs/resolve-06.txt"), "utf8");

  it("are re-run through the test files the log's traces name", async () => {
    const { failures } = await diagnose(tapeLog, { repoRoot: "/home/runner/work/resolve/resolve" });
    expect(failures.filter((f) => f.file === null)).toHaveLength(63);
    const testFiles = ["test/dotdot.js", "test/mock.js", "test/mock_sync.js", "test/resolver.js"];
    const targets = failingTargets({
      failures,
      max: 3,
      isTest: (f) => f.startsWith("test/"),
      byFile: { testFiles, logText: tapeLog },
    });
    // The one placed failure gives the file; the 63 unplaced ones of the same test add no target.
    expect(targets).toEqual([{ name: "mock package", file: "test/mock.js" }]);
    // Unplaced all (as before the tape reader kept stack-only blocks): the traces name the file.
    const unplaced = failures.map((f) => ({ ...f, file: null, frames: [] }));
    expect(
      failingTargets({
        failures: unplaced,
        max: 3,
        isTest: (f) => f.startsWith("test/"),
        byFile: { testFiles, logText: tapeLog },
      }),
    ).toEqual([{ name: null, file: "test/mock.js" }]);
  });
});

describe("failing pytest parameters", () => {
  // A real `pytest tests` log of a jmespath mutant (corpus task jmespath-01, heldout6): seven failing
  // parameters of one function, test_expression.
  const pytestLog = readFileSync(join(process.cwd(), "bench/localize-corpus/logs/jmespath-01.txt"), "utf8");

  it("fill the targets with further parameters of a failing function when there are fewer functions than the limit", async () => {
    const { failures } = await diagnose(pytestLog, { repoRoot: "/home/runner/work/jmespath.py/jmespath.py" });
    const targets = failingTargets({ failures, max: 3, isTest: (f) => f.startsWith("tests/") });
    expect(targets.map((t) => t.nodeId)).toEqual([
      "tests/test_compliance.py::test_expression[given49-foo.[baz[*].not_there || baz[*].bar, qux[0]]-expected49-multiselect.json]",
      "tests/test_compliance.py::test_expression[given388-foo[?key]-expected388-filters.json]",
      "tests/test_compliance.py::test_expression[given413-foo[?key]-expected413-filters.json]",
    ]);
    expect(new Set(targets.map((t) => t.name))).toEqual(new Set(["test_expression"]));
  });
});

describe("failing pytest doctests of text files", () => {
  // A real pytest log of a python-stdnum mutant (corpus task stdnum-07): `--doctest-glob='*.doctest'`
  // collects tests/test_robustness.doctest, whose node id starts with that file, not a `.py` one.
  const doctestLog = readFileSync(join(process.cwd(), "bench/localize-corpus/logs/stdnum-07.txt"), "utf8");

  it("are selected by their node id, not as a -k name", async () => {
    const { failures } = await diagnose(doctestLog, {
      repoRoot: "/home/runner/work/python-stdnum/python-stdnum",
    });
    const targets = failingTargets({ failures, max: 5, isTest: (f) => f.startsWith("tests/") });
    expect(targets).toEqual([
      {
        name: "test_robustness.doctest",
        file: "tests/test_robustness.doctest",
        nodeId: "tests/test_robustness.doctest::test_robustness.doctest",
      },
    ]);
  });
});
