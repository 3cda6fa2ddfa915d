// Issue 15, a worker's life around its runs, with real Redis and worker processes: SIGTERM lets the
// running step finish and hands the run back (or, past the deadline, cuts the step and hands back);
// `/xihe stop` reaches the worker that holds the run; Redis restarted (empty) mid-run loses nothing
// and repeats no side effect. The store is PostgreSQL (one cluster for this file, a database per test).
import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import {
  describePg,
  skipPostgres,
  startPostgresServer,
  type PostgresServer,
} from "../support/postgres-server.ts";
import { startQueueHarness, type QueueHarness } from "./support/queue-harness.ts";

let h: QueueHarness | null = null;
let postgres: PostgresServer;
beforeAll(async () => {
  if (!skipPostgres) postgres = await startPostgresServer();
});
afterAll(async () => {
  await postgres?.destroy();
});
afterEach(async () => {
  await h?.close();
  h = null;
});
const onPostgres = async (env: Record<string, string>) =>
  startQueueHarness(env, {
    storeUrl: await postgres.createDatabase(`xihe_q_${randomBytes(4).toString("hex")}`),
  });

async function until(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describePg("graceful shutdown (SIGTERM)", () => {
  it("lets the running step finish, starts no other, and hands the run back to resume elsewhere", async () => {
    h = await onPostgres({ LEASE_MS: "20000", STEPS: "4", STEP_MS: "800", SHUTDOWN_MS: "15000" });
    const first = await h.startWorker();
    const run = await h.recordRun({ repo: "grace/r", pr: 1, verb: "explain", installationId: 1 });
    await until(() => h!.github.slowStarts.some((s) => s.step === 1), 30_000, "step 1 to start");
    first.kill("SIGTERM");
    expect(await first.exited).toBe(0);

    const handedBack = (await h.store.getRun(run.id))!;
    expect(handedBack).toMatchObject({ status: "queued", workerId: null });
    const steps = await h.store.listSteps(run.id);
    expect(steps.map((s) => [s.stepId, s.status])).toEqual(
      expect.arrayContaining([
        ["slow:0", "succeeded"],
        ["slow:1", "succeeded"],
      ]),
    );
    expect(steps.some((s) => s.stepId === "slow:2")).toBe(false);

    // The lease was released: a new worker takes the run at once (the lease is 20 s) and resumes.
    await h.startWorker();
    const [ended] = await h.waitForEnded([run.id], 15_000);
    expect(ended!.status).toBe("succeeded");
    const starts = h.github.slowStarts.filter((s) => s.runId === run.id).map((s) => s.step);
    expect(starts).toEqual([0, 1, 2, 3]);
  }, 90_000);

  it("past the deadline cuts the running step and hands the run back, not failed", async () => {
    h = await onPostgres({ LEASE_MS: "20000", STEPS: "2", STEP_MS: "5000", SHUTDOWN_MS: "300" });
    const first = await h.startWorker();
    const run = await h.recordRun({ repo: "deadline/r", pr: 1, verb: "explain", installationId: 1 });
    await until(() => h!.github.slowStarts.some((s) => s.runId === run.id), 30_000, "step 0 to start");
    first.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(await h.store.getRun(run.id)).toMatchObject({ status: "queued", workerId: null });
    expect((await h.store.getStep(run.id, "slow:0"))?.status).toBe("failed");

    await h.startWorker({ STEP_MS: "100" });
    const [ended] = await h.waitForEnded([run.id], 15_000);
    expect(ended!.status).toBe("succeeded");
  }, 90_000);
});

describePg("/xihe stop with several workers", () => {
  it("aborts the run in the worker that holds it, between or inside its steps", async () => {
    // A long lease: the store poll (every lease/3) is too slow to be what stops it; pub/sub is.
    h = await onPostgres({ LEASE_MS: "30000", STEPS: "30", STEP_MS: "300" });
    await Promise.all([h.startWorker(), h.startWorker()]);
    const run = await h.recordRun({ repo: "stop/r", pr: 1, verb: "explain", installationId: 1 });
    await until(
      () => h!.github.slowStarts.filter((s) => s.runId === run.id).length >= 2,
      30_000,
      "two steps",
    );
    // What handle-comment's stopRuns does on `/xihe stop` (in whichever worker triaged it).
    await h.store.updateRun(run.id, {
      status: "cancelled",
      reason: "stopped by @octocat",
      endedAt: new Date().toISOString(),
    });
    await h.queue.cancel(run.id);
    const startsAtStop = h.github.slowStarts.filter((s) => s.runId === run.id).length;
    const comment = () => h!.github.repos.get("stop/r")!.comments[0]!.body.toLowerCase();
    await until(() => comment().includes("cancel"), 10_000, "the status comment to say cancelled");

    const ended = (await h.store.getRun(run.id))!;
    expect(ended.status).toBe("cancelled");
    expect(h.github.slowStarts.filter((s) => s.runId === run.id).length).toBeLessThanOrEqual(
      startsAtStop + 1,
    );
  }, 90_000);
});

describePg("Redis restarted mid-run (empty: no persistence)", () => {
  it("resumes every run from the store and repeats no push, PR or comment", async () => {
    h = await onPostgres({ LEASE_MS: "1500", CONCURRENCY: "2" });
    await Promise.all([h.startWorker(), h.startWorker()]);
    let restarted: Promise<void> | null = null;
    h.github.intercept = async (req): Promise<"answer"> => {
      // The first push of any run: Redis goes away and comes back empty while it is in flight.
      if (req.method === "POST" && req.path.endsWith("/git/refs")) restarted ??= h!.redis.restart();
      return "answer";
    };
    const runs = [];
    for (let i = 0; i < 6; i++)
      runs.push(
        await h.recordRun({ repo: `redis/r${i}`, pr: i + 1, verb: "fix", installationId: 1 + (i % 2) }),
      );
    const ended = await h.waitForEnded(
      runs.map((r) => r.id),
      90_000,
    );
    expect(restarted).not.toBeNull();
    // The runs still queued when Redis forgot their jobs came back through the store sweep.
    expect(h.workers.some((w) => w.lines.some((l) => l.includes("sweep: added jobs")))).toBe(true);
    for (const run of ended) {
      expect({ id: run.id, status: run.status }).toEqual({ id: run.id, status: "succeeded" });
      const repo = h.github.repos.get(run.repo)!;
      expect([repo.refsCreated, repo.pullsCreated, repo.commentsCreated]).toEqual([1, 1, 1]);
    }
  }, 150_000);
});
