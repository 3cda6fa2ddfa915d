// Issue 15, crash: two worker processes take fix-like runs from Redis; the one holding a run is
// killed with SIGKILL at one persisted step boundary per run (after the step's success is in the
// store, before the next step's request reached GitHub). Another worker takes the run over once
// the lease lapsed and resumes it at its first unfinished step: every run ends once, with one side
// branch push, one PR, one sticky status comment and one check run. The store is PostgreSQL (a
// cluster this file starts), as in a scaled-out deployment.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describePg, startPostgresServer, type PostgresServer } from "../support/postgres-server.ts";
import type { SeenRequest } from "./support/fake-github-state.ts";
import { startQueueHarness, type QueueHarness } from "./support/queue-harness.ts";

// Each boundary: the step that just succeeded, and the first request of what comes next.
const boundaries: { after: string; next: (r: SeenRequest) => boolean }[] = [
  { after: "github:status-comment", next: (r) => r.method === "POST" && r.path.endsWith("/check-runs") },
  { after: "github:check-run", next: (r) => r.method === "GET" && /\/pulls\/\d+$/.test(r.path) },
  { after: "workspace", next: (r) => r.method === "GET" && /\/commits\/[^/]+\/check-runs$/.test(r.path) },
  { after: "perceive", next: (r) => r.method === "GET" && r.path.includes("/git/commits/") },
  { after: "commit", next: (r) => r.method === "POST" && r.path.endsWith("/git/refs") },
  { after: "push", next: (r) => r.method === "GET" && r.path.endsWith("/pulls") },
  { after: "pr", next: (r) => r.method === "PATCH" },
];

describePg("xihe worker processes killed mid-run (SIGKILL at each persisted step boundary)", () => {
  let h: QueueHarness;
  let postgres: PostgresServer;
  beforeAll(async () => {
    postgres = await startPostgresServer();
    h = await startQueueHarness(
      { LEASE_MS: "1500", CONCURRENCY: "1" },
      { storeUrl: await postgres.createDatabase(`xihe_q_${randomBytes(4).toString("hex")}`) },
    );
    await Promise.all([h.startWorker(), h.startWorker()]);
  });
  afterAll(async () => {
    await h?.close();
    await postgres?.destroy();
  });

  it("finishes every run exactly once with one push, one PR and one sticky comment", async () => {
    const repos = boundaries.map((_, i) => `octo/crash${i}`);
    const recorded = Promise.all(
      repos.map((repo, i) => h.recordRun({ repo, pr: 10 + i, verb: "fix", installationId: 1 })),
    );
    const kills: { repo: string; after: string; stepWas: string | undefined; pid: number }[] = [];
    // Set before any request can arrive (in this same turn): the workers take the first recorded run
    // while the others are still being recorded, and under load its status comment and check run
    // were answered before a later assignment, so that boundary was never killed.
    h.github.intercept = async (req) => {
      const i = repos.indexOf(req.repo);
      const boundary = boundaries[i];
      if (!boundary || kills.some((k) => k.repo === req.repo) || !boundary.next(req)) return "answer";
      const runs = await recorded;
      const step = await h.store.getStep(runs[i]!.id, boundary.after);
      const worker = h.workers.find((w) => w.pid === req.pid);
      kills.push({ repo: req.repo, after: boundary.after, stepWas: step?.status, pid: req.pid });
      worker?.kill("SIGKILL");
      // Two workers again: the replacement (or the other one) takes the run over.
      void worker?.exited.then(() => h.startWorker().catch(() => "the test ended first"));
      return "drop";
    };
    const runs = await recorded;
    const ended = await h.waitForEnded(
      runs.map((r) => r.id),
      150_000,
    );

    expect(kills.map((k) => k.after)).toEqual(expect.arrayContaining(boundaries.map((b) => b.after)));
    expect(kills.every((k) => k.stepWas === "succeeded")).toBe(true);
    for (const run of ended) {
      expect({ id: run.id, status: run.status }).toEqual({ id: run.id, status: "succeeded" });
      expect(run.context).toMatchObject({ resumes: 1 });
      const repo = h.github.repos.get(run.repo)!;
      expect({
        repo: run.repo,
        pushes: repo.refsCreated,
        pushAttempts: repo.refPosts,
        pulls: repo.pullsCreated,
        comments: repo.commentsCreated,
        checkRuns: repo.checkRunsCreated,
      }).toEqual({ repo: run.repo, pushes: 1, pushAttempts: 1, pulls: 1, comments: 1, checkRuns: 1 });
      const steps = await h.store.listSteps(run.id);
      expect(steps.every((s) => s.status === "succeeded")).toBe(true);
    }
    // Killed workers held the runs: every kill hit a different process.
    expect(new Set(kills.map((k) => k.pid)).size).toBe(boundaries.length);
  }, 180_000);
});
