import { describe, expect, it } from "vitest";
import { prRunContext } from "../../src/runs/pr-run-context.ts";
import { parseRunContext, RunContextMismatch } from "../../src/runs/run-context.ts";
import { fixRunContext } from "../../src/verbs/fix/fix-run-context.ts";

describe("parseRunContext", () => {
  it("reads absent keys with the readers' long-standing defaults", () => {
    expect(parseRunContext({ id: "r1", context: null }, fixRunContext)).toMatchObject({
      headRef: "",
      isFork: false,
      maintainerCanModify: false,
      defaultBranch: "main",
      fixPrNumber: null,
    });
  });

  it("fails loudly with the run id and the field when a stored key has the wrong type", () => {
    const run = { id: "r7", context: { cloneUrl: "https://github.com/o/r.git", isFork: "yes" } };
    expect(() => parseRunContext(run, prRunContext)).toThrow(RunContextMismatch);
    expect(() => parseRunContext(run, prRunContext)).toThrow(/^run r7: .*isFork: /);
  });

  it("fails on a context that is not an object at all", () => {
    expect(() => parseRunContext({ id: "r8", context: ["a"] }, prRunContext)).toThrow(/^run r8: /);
  });
});
