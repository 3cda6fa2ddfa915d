import { describe, expect, it } from "vitest";
import type { FixReport } from "../../src/delivery/fix-report.ts";
import { unfixedAnnotations } from "../../src/delivery/unfixed-annotations.ts";

const failure = (over: Partial<FixReport["failures"][number]>): FixReport["failures"][number] => ({
  tool: "jest",
  kind: "test",
  file: "src/a.test.ts",
  line: 4,
  test: "a > works",
  message: "expected 1",
  classification: "code",
  ...over,
});

describe("unfixedAnnotations", () => {
  it("annotates nothing for a fixed run", () => {
    expect(unfixedAnnotations({ status: "fixed", failures: [failure({})], testsFixed: [] })).toEqual([]);
  });

  it("keeps located failures that did not flip; flaky ones are warnings that say why", () => {
    const out = unfixedAnnotations({
      status: "not_fixed",
      testsFixed: ["a > works"],
      failures: [
        failure({}),
        failure({ test: "b > fails", line: 9, message: "\u001b[31mboom\u001b[0m" }),
        failure({ test: "c > flaky", line: 12, classification: "flaky" }),
        failure({ file: null, line: null, test: null, tool: "npm", message: "install failed" }),
      ],
    });
    expect(out).toEqual([
      { path: "src/a.test.ts", line: 9, level: "failure", message: "jest b > fails: boom" },
      {
        path: "src/a.test.ts",
        line: 12,
        level: "warning",
        message: "jest c > flaky (flaky: not fixed on purpose): expected 1",
      },
    ]);
  });
});
