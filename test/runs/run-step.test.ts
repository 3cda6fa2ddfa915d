import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createStep, StoredStepMismatch } from "../../src/runs/run-step.ts";
import { openSqliteStore } from "../../src/store/sqlite-store.ts";
import type { Store } from "../../src/store/store.ts";
import { scratchDir } from "../support/scratch-dir.ts";

const pushed = z.object({ branch: z.string(), sha: z.string().nullable() });
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function storeWithRun(): Promise<{ path: string; store: Store }> {
  const dir = scratchDir("xihe-steps-");
  dirs.push(dir);
  const path = join(dir, "xihe.db");
  const store = openSqliteStore(path);
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
    { id: "r1", now: "2026-12-03T00:00:00.000Z" },
  );
  return { path, store };
}

const now = () => new Date("2026-12-03T00:00:01.000Z");

describe("persisted steps with a declared output schema", () => {
  it("replays a succeeded step after a restart from its stored JSON, without running it again", async () => {
    const first = await storeWithRun();
    const spec = { kind: "push", input: null, output: pushed };
    await createStep({ store: first.store, now }, "r1")("deliver:push", spec, async () => ({
      branch: "xihe/1",
      sha: "b".repeat(40),
    }));
    await first.store.close();

    const store = openSqliteStore(first.path);
    let calls = 0;
    const out = await createStep({ store, now }, "r1")("deliver:push", spec, async () => {
      calls++;
      return { branch: "other", sha: null };
    });
    expect(out).toEqual({ branch: "xihe/1", sha: "b".repeat(40) });
    expect(calls).toBe(0);
    await store.close();
  });

  it("tells a step whether an earlier attempt started it and never recorded success", async () => {
    const { store } = await storeWithRun();
    const spec = { kind: "check_run", input: null, output: z.number() };
    const step = createStep({ store, now }, "r1");
    const seen: (boolean | undefined)[] = [];
    // A first attempt whose side effect happened but whose end was never stored (the process died).
    await store.startStep({
      runId: "r1",
      stepId: "github:check-run",
      kind: "check_run",
      input: null,
      startedAt: now().toISOString(),
    });
    await step("github:check-run", spec, async (attempt) => (seen.push(attempt?.again), 7));
    await step("fresh", spec, async (attempt) => (seen.push(attempt?.again), 8));
    expect(seen).toEqual([true, false]);
    await store.close();
  });

  it("fails a replay whose stored output has an old shape, naming the step and the field", async () => {
    const { store } = await storeWithRun();
    // As an older version stored it: `sha` was called `commit`.
    await store.startStep({ runId: "r1", stepId: "deliver:push", kind: "push", input: null, startedAt: "t" });
    await store.finishStep("r1", "deliver:push", {
      status: "succeeded",
      output: { branch: "xihe/1", commit: "c".repeat(40) },
      error: null,
      endedAt: "t",
    });
    const step = createStep({ store, now }, "r1");
    let calls = 0;
    const replay = step("deliver:push", { kind: "push", input: null, output: pushed }, async () => {
      calls++;
      return { branch: "xihe/1", sha: null };
    });
    await expect(replay).rejects.toBeInstanceOf(StoredStepMismatch);
    await expect(replay).rejects.toThrow(/^step deliver:push of run r1: .*sha: /);
    await expect(step.replayed("deliver:push", pushed)).rejects.toThrow(/step deliver:push/);
    expect(calls).toBe(0);
    await store.close();
  });

  it("fails a fresh step whose output its own schema cannot read back, and records the failure", async () => {
    const { store } = await storeWithRun();
    const step = createStep({ store, now }, "r1");
    const wrong = step("count", { kind: "count", input: null, output: z.number() }, async () => Number.NaN);
    // NaN is stored as JSON null, which a later replay could not read as a number: caught now.
    await expect(wrong).rejects.toThrow(/^step count of run r1: /);
    expect((await store.getStep("r1", "count"))?.status).toBe("failed");
    expect(await step.replayed("count", z.number())).toBeNull();
    await store.close();
  });
});
