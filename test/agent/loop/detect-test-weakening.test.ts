import { describe, expect, it } from "vitest";
import { detectTestWeakening } from "../../../src/agent/loop/detect-test-weakening.ts";
import { scoreChangeRisk } from "../../../src/agent/loop/score-change-risk.ts";

const test = [
  'import { expect, it } from "vitest";',
  'it("adds", () => {',
  "  expect(sum(1, 2)).toBe(3);",
  "  expect(sum(0, 0)).toBe(0);",
  "});",
  "",
].join("\n");

const kinds = (path: string, before: string | null, after: string | null) =>
  detectTestWeakening({ path, before, after }).map((f) => f.kind);

describe("test weakening detection", () => {
  it("flags a removed assertion", () => {
    expect(kinds("test/sum.test.js", test, test.replace("  expect(sum(1, 2)).toBe(3);\n", ""))).toEqual([
      "removed_assertion",
    ]);
  });

  it("watches every folder the index counts as tests, underscored ones included", () => {
    const weakened = test.replace("  expect(sum(1, 2)).toBe(3);\n", "");
    expect(kinds("lib/__tests/sum.js", test, weakened)).toEqual(["removed_assertion"]);
    expect(kinds("testing/sum.js", test, weakened)).toEqual(["removed_assertion"]);
    expect(kinds("lib/sum.js", test, weakened)).toEqual([]);
  });

  it("flags added skip, .only and xfail", () => {
    expect(kinds("test/sum.test.js", test, test.replace('it("adds"', 'it.skip("adds"'))).toEqual([
      "added_skip",
    ]);
    expect(kinds("src/sum.spec.ts", test, test.replace('it("adds"', 'it.only("adds"'))).toEqual([
      "added_only",
    ]);
    const py = "def test_sum():\n    assert sum(1, 2) == 3\n";
    expect(kinds("tests/test_sum.py", py, `import pytest\n@pytest.mark.xfail\n${py}`)).toEqual([
      "added_xfail",
    ]);
  });

  it("flags a loosened expectation", () => {
    expect(kinds("test/sum.test.js", test, test.replace("toBe(3)", "toBeDefined()"))).toEqual([
      "loosened_expectation",
    ]);
  });

  it("flags a rewritten snapshot and a deleted test file", () => {
    expect(kinds("test/__snapshots__/a.test.ts.snap", "exports[`a`] = `1`;", "exports[`a`] = `2`;")).toEqual([
      "updated_snapshot",
    ]);
    expect(kinds("test/sum.test.js", test, null)).toEqual(["deleted_test"]);
  });

  it("does not flag a fix to the code under test or a strengthened test", () => {
    expect(kinds("src/sum.js", "return a - b;", "return a + b;")).toEqual([]);
    expect(kinds("test/sum.test.js", test, test.replace("});", "  expect(sum(2, 2)).toBe(4);\n});"))).toEqual(
      [],
    );
  });

  it("scores weakening, workflow edits and huge changes as high risk, a one-line fix as low", () => {
    expect(
      scoreChangeRisk([
        { path: "test/sum.test.js", before: test, after: test.replace("toBe(3)", "toBeTruthy()") },
      ]).level,
    ).toBe("high");
    expect(
      scoreChangeRisk([{ path: ".github/workflows/ci.yml", before: "a: 1\n", after: "a: 2\n" }]).level,
    ).toBe("high");
    const big = Array.from({ length: 300 }, (_, i) => `line ${i}`).join("\n");
    expect(scoreChangeRisk([{ path: "src/big.js", before: big, after: "" }]).level).toBe("high");
    const fix = scoreChangeRisk([
      { path: "src/sum.js", before: "return a - b;\n", after: "return a + b;\n" },
    ]);
    expect(fix).toMatchObject({ level: "low", linesAdded: 1, linesRemoved: 1 });
    expect(scoreChangeRisk([{ path: "package.json", before: "{}", after: '{"a":1}' }]).level).toBe("medium");
  });
});
