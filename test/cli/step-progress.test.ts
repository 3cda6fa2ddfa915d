import { z } from "zod";
import { describe, expect, it } from "vitest";
import { withStepProgress } from "../../src/cli/step-progress.ts";
import { runStep } from "../../src/runs/run-step.ts";
import { openSqliteStore } from "../../src/store/sqlite-store.ts";

describe("withStepProgress", () => {
  it("announces each step as it starts and ends, and still persists it", async () => {
    const sqlite = openSqliteStore(":memory:");
    const lines: string[] = [];
    let clock = 1000;
    const store = withStepProgress(
      sqlite,
      (l) => void lines.push(l),
      () => (clock += 500),
    );
    await store.createRun(
      {
        installationId: null,
        repo: "local",
        pr: null,
        headSha: "a".repeat(40),
        verb: "fix",
        args: "",
        trigger: "cli",
        requester: "cli",
        budget: null,
        context: null,
      },
      { id: "r1", now: "t0" },
    );
    const now = () => new Date(0);
    await runStep(
      { store, now },
      { runId: "r1", stepId: "perceive", kind: "perceive", input: null, output: z.number() },
      async () => 1,
    );
    await runStep(
      { store, now },
      { runId: "r1", stepId: "verify", kind: "verify", input: null, output: z.number() },
      async () => {
        throw new Error("red");
      },
    ).catch(() => undefined);
    expect(lines).toEqual([
      "  … perceive\n",
      "  ✓ perceive (0.5 s)\n",
      "  … verify\n",
      "  ✗ verify (0.5 s)\n",
    ]);
    expect((await sqlite.listSteps("r1")).map((s) => s.status)).toEqual(["succeeded", "failed"]);
    await sqlite.close();
  });
});
