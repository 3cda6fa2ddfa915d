// The App's in-process worker (no XIHE_QUEUE) on a PostgreSQL store that stops while a run is
// inside a step: the run is neither failed nor left "running" under the worker; once the database
// answers again it is released (queued), claimed again and resumed at its first unfinished step,
// so the side effect the interrupted step already made is found, not repeated.
import { randomBytes } from "node:crypto";
import { pino } from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import type { RunExecutor, RunReporter } from "../../src/runs/run-executor.ts";
import { createWorker } from "../../src/runs/worker.ts";
import { openPostgresStore } from "../../src/store/postgres-store.ts";
import type { Store } from "../../src/store/store.ts";
import { describePg, startPostgresServer, type PostgresServer } from "../support/postgres-server.ts";
import { newRun } from "../store/contract/store-contract.ts";

let server: PostgresServer;

describePg("in-process worker through a PostgreSQL outage", () => {
  beforeAll(async () => {
    server = await startPostgresServer();
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it("releases the run it held once the store is back and resumes it with no side effect twice", async () => {
    const url = await server.createDatabase(`xihe_${randomBytes(4).toString("hex")}`);
    const store: Store = await openPostgresStore(url, {
      poolSize: 3,
      connectTimeoutMs: 1_000,
      log: { warn: () => undefined },
    });
    // What GitHub would hold: pull requests by head branch; an attempt looks before it creates.
    const pulls = new Map<string, number>();
    const attempts: string[] = [];
    let inStep: () => void = () => undefined;
    const reachedStep = new Promise<void>((r) => (inStep = r));
    let storeStopped: () => void = () => undefined;
    const stopped = new Promise<void>((r) => (storeStopped = r));
    const executor: RunExecutor = async (ctx) => {
      await ctx.step("prepare", { kind: "scripted", input: null, output: z.number() }, async () => 1);
      const pr = await ctx.step(
        "open-pr",
        { kind: "scripted", input: null, output: z.number() },
        async () => {
          attempts.push("open-pr");
          const head = `xihe/fix/${ctx.run.id}`;
          const found = pulls.get(head);
          if (found !== undefined) return found;
          pulls.set(head, 100 + pulls.size);
          inStep();
          // The database goes away after the PR was opened and before the step's end is recorded.
          await stopped;
          return pulls.get(head)!;
        },
      );
      return { status: "succeeded", summary: `opened #${pr}`, body: "" };
    };
    const reported: string[] = [];
    const reporter: RunReporter = {
      started: async () => void reported.push("started"),
      progress: async () => undefined,
      finished: async (_ctx, outcome) => void reported.push(outcome.status),
    };
    const worker = createWorker({
      store,
      log: pino({ level: "silent" }),
      now: () => new Date(),
      executors: { fix: executor },
      reporterFor: () => reporter,
      workerId: "app-worker-1",
      concurrency: 1,
    });
    try {
      await store.createRun(newRun(), { id: "out1", now: new Date().toISOString() });
      worker.start(200);
      await reachedStep;
      await server.stop();
      storeStopped();
      await new Promise((r) => setTimeout(r, 4_000));
      await server.start();

      const deadline = Date.now() + 60_000;
      let run = await store.getRun("out1").catch(() => null);
      while (run?.status !== "succeeded" && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        run = await store.getRun("out1").catch(() => null);
      }
      expect(run).toMatchObject({ status: "succeeded", workerId: null });
      // The interrupted step ran again (its end was never recorded) and found the PR it made.
      expect(attempts).toEqual(["open-pr", "open-pr"]);
      expect([...pulls.values()]).toEqual([100]);
      expect(reported).toEqual(["started", "started", "succeeded"]);
      const steps = await store.listSteps("out1");
      expect(steps.map((s) => [s.stepId, s.status])).toEqual([
        ["prepare", "succeeded"],
        ["open-pr", "succeeded"],
      ]);
    } finally {
      await worker.stop();
      await store.close();
    }
  }, 120_000);
});
