// Reproduction before fixing, through the real loop and bubblewrap sandbox: CI's failures (as
// perception stores them) against the sandbox's run of the same commands in a real git repository.
import { afterEach, describe, expect, it } from "vitest";
import type { FailureBrief } from "../../../src/agent/loop/check-run.ts";
import { fixHarness, type Harness } from "../support/fix-harness.ts";
import { sumRepo, testCommand } from "../support/sum-repo.ts";

let h: Harness;
afterEach(async () => {
  await h.cleanup();
});

// What perception reads in CI's log of sumRepo's `node --test` (test/verbs/fix/fix-run.e2e.test.ts
// feeds the real log through the App).
const ciSaid: FailureBrief[] = [
  {
    tool: "node:test",
    kind: "test",
    file: "test/sum.test.js",
    line: 6,
    test: "adds two numbers",
    message: "Expected values to be strictly equal: -1 !== 5",
  },
];

const branches = (h: Harness) => h.repo.git("branch", "--list", "xihe/*").trim();

describe("fix loop: reproduction before fixing", () => {
  it("goes on to fix when the sandbox shows CI's failing test, and stores the comparison as a step", async () => {
    h = fixHarness(sumRepo);
    const outcome = await h.run({
      runId: "rep1",
      commands: [testCommand],
      ci: { failures: ciSaid, declaredDependencies: [] },
    });
    expect(outcome.reproduction).toMatchObject({ outcome: "reproduced", ci: [{ reproduced: true }] });
    // No model here: the loop went past reproduction to the fixers (none applies) and branched.
    expect(outcome.reason).toBe("no deterministic fixer applies and no model is configured");
    expect(branches(h)).toBe("* xihe/fix-rep1");
    expect((await h.store.getStep("rep1", "reproduce"))?.output).toMatchObject({ outcome: "reproduced" });
  });

  it("stops as environment, never transient, when a declared dependency is not installed in the sandbox", async () => {
    h = fixHarness({
      ...sumRepo,
      "package.json": '{ "name": "sum", "type": "module", "devDependencies": { "left-pad": "1.3.0" } }\n',
      "test/pad.test.js":
        'import leftPad from "left-pad";\nimport { test } from "node:test";\ntest("pads", () => leftPad("1", 2));\n',
    });
    const outcome = await h.run({
      runId: "env1",
      commands: [testCommand],
      ci: { failures: ciSaid, declaredDependencies: ["left-pad"] },
    });
    expect(outcome).toMatchObject({
      status: "needs_input",
      reason:
        "environment: a declared dependency is missing in the sandbox: node --test could not load left-pad; nothing was changed",
      commits: [],
      reproduction: { outcome: "environment" },
    });
    expect(branches(h)).toBe("");
  });

  it("stops as environment when the configured tool does not exist in the sandbox", async () => {
    h = fixHarness(sumRepo);
    const outcome = await h.run({
      runId: "env2",
      commands: ["no-such-linter-xihe ."],
      ci: { failures: ciSaid, declaredDependencies: [] },
    });
    expect(outcome.status).toBe("needs_input");
    expect(outcome.reproduction?.outcome).toBe("environment");
    expect(outcome.reason).toMatch(
      /^environment: a tool is missing in the sandbox: no-such-linter-xihe \. exited/,
    );
    expect(branches(h)).toBe("");
  });

  it("without CI evidence (the CLI) compares nothing and stores no reproduce step", async () => {
    h = fixHarness(sumRepo);
    const outcome = await h.run({ runId: "cli1", commands: [testCommand] });
    expect(outcome.reproduction).toBeNull();
    expect(await h.store.getStep("cli1", "reproduce")).toBeNull();
  });
});
