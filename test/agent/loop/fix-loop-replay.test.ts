import { afterEach, describe, expect, it } from "vitest";
import { fixHarness, type Harness } from "../support/fix-harness.ts";
import { sumRepo, testCommand } from "../support/sum-repo.ts";
import { StoredStepMismatch } from "../../../src/runs/run-step.ts";

let h: Harness;
afterEach(() => h.cleanup());

// A run recorded by an older Xihe, as it sits in the SQLite file: its perceive step succeeded
// before `reruns` existed, so the stored JSON lacks the field.
async function recordOldRun(runId: string): Promise<void> {
  await h.store.createRun(
    {
      installationId: null,
      repo: "local/test",
      pr: null,
      headSha: h.repo.git("rev-parse", "HEAD").trim(),
      verb: "fix",
      args: "",
      trigger: "cli",
      requester: "test",
      budget: {},
      context: {},
    },
    { id: runId, now: new Date().toISOString() },
  );
  await h.store.startStep({ runId, stepId: "perceive", kind: "perceive", input: null, startedAt: "t0" });
  const oldRun = { command: testCommand, exitCode: 1, timedOut: false, durationMs: 40, tail: "not ok 1" };
  await h.store.finishStep(runId, "perceive", {
    status: "succeeded",
    output: {
      state: "code",
      runs: [{ ...oldRun, failures: [], verdict: "code", evidence: "" }],
      reason: "x",
    },
    error: null,
    endedAt: "t1",
  });
}

describe("fix loop replay of stored steps", () => {
  it("fails a resumed run whose stored step no longer fits its schema, naming the step and the field", async () => {
    h = fixHarness(sumRepo);
    await recordOldRun("old1");
    const resumed = h.run({ runId: "old1", commands: [testCommand] });
    await expect(resumed).rejects.toBeInstanceOf(StoredStepMismatch);
    await expect(resumed).rejects.toThrow(/^step perceive of run old1: .*reruns: /);
    // Nothing ran on the bad replay: no branch, no commit, no later step.
    expect((await h.store.listSteps("old1")).map((s) => s.stepId)).toEqual(["perceive"]);
    expect(h.repo.git("branch", "--list", "xihe/*").trim()).toBe("");
  });
});
