// Recorded output of real runs (test/fixtures/rerun-output: mocha 9.2.2, jest 29.7.0, vitest, node
// 20 and 24) whose title filter matched no test, one passing test, or one pending test.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  selectedNoTest,
  type TitleFilterRunner,
} from "../../../../src/understanding/localize/dynamic/selected-no-test.ts";

const recorded = (name: string) =>
  readFileSync(join(process.cwd(), "test", "fixtures", "rerun-output", `${name}.txt`), "utf8");

const cases: [TitleFilterRunner, string][] = [
  ["mocha", "mocha-9-spec"],
  ["mocha", "mocha-9-tap"],
  ["jest", "jest-29-default"],
  ["vitest", "vitest-default"],
  ["node_test", "node-20-spec"],
];

describe("whether a filtered run that did not fail selected no test at all", () => {
  it.each(cases)("%s (%s): none when the filter matched nothing, not when a test ran", (runner, output) => {
    expect(selectedNoTest(runner, recorded(`${output}.selected-none`), null)).toBe(true);
    expect(selectedNoTest(runner, recorded(`${output}.selected-one-passing`), null)).toBe(false);
    // the summary decides even when the hook recorded nothing (mocha before 8 loads no root hooks)
    expect(selectedNoTest(runner, recorded(`${output}.selected-one-passing`), 0)).toBe(
      runner === "node_test",
    );
  });

  it("mocha: a selected test that is pending was selected", () => {
    expect(selectedNoTest("mocha", recorded("mocha-9-spec.selected-one-pending"), null)).toBe(false);
  });

  it("node:test 20 counts unmatched tests as skipped in TAP too", () => {
    expect(selectedNoTest("node_test", recorded("node-20-tap.selected-none"), null)).toBe(true);
  });

  it("node:test 24 reports a file where no test ran as one passing test: the hook's records tell", () => {
    const none = recorded("node-24-spec.selected-none");
    expect(none).toMatch(/^ℹ pass 1$/m);
    expect(selectedNoTest("node_test", none, 0)).toBe(true);
    expect(selectedNoTest("node_test", none, null)).toBe(false);
    expect(selectedNoTest("node_test", recorded("node-24-spec.selected-one-passing"), 1)).toBe(false);
  });

  it("without a summary it reads the hook's records, and without either it does not guess", () => {
    expect(selectedNoTest("mocha", "Error: something else\n", 0)).toBe(true);
    expect(selectedNoTest("mocha", "Error: something else\n", 2)).toBe(false);
    expect(selectedNoTest("jest", "", null)).toBe(false);
  });
});
