// Issue 15, outage: two worker processes and an App process (XIHE_QUEUE, XIHE_STORE=postgres://) while
// PostgreSQL goes down for 20 s in the middle of fix-like runs (stopped while a push is in flight,
// so the push reached GitHub but its step's end was never recorded), and Redis is restarted empty
// during the outage. Every run resumes and succeeds once the database is back, with one push, one
// PR, one sticky comment and one check run each; the App's /readyz says not ready meanwhile.
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startAppProcess, type AppProcess } from "../server/app-process.ts";
import { describePg, startPostgresServer, type PostgresServer } from "../support/postgres-server.ts";
import { startQueueHarness, type QueueHarness } from "./support/queue-harness.ts";

const outageMs = 20_000;

describePg("PostgreSQL down for 20 s and Redis restarted mid-run", () => {
  let postgres: PostgresServer;
  let h: QueueHarness;
  let app: AppProcess | null = null;
  beforeAll(async () => {
    postgres = await startPostgresServer();
    h = await startQueueHarness(
      { LEASE_MS: "1500", CONCURRENCY: "2" },
      { storeUrl: await postgres.createDatabase(`xihe_q_${randomBytes(4).toString("hex")}`) },
    );
  });
  afterAll(async () => {
    await app?.stop();
    await h?.close();
    await postgres?.destroy();
  });

  it("resumes every run with no side effect twice, and /readyz says not ready meanwhile", async () => {
    const { privateKey } = generateKeyPairSync("rsa", {
      modulusLength: 2048,
      privateKeyEncoding: { type: "pkcs1", format: "pem" },
      publicKeyEncoding: { type: "spki", format: "pem" },
    });
    app = await startAppProcess({
      ...process.env,
      APP_ID: "123",
      PRIVATE_KEY: privateKey,
      WEBHOOK_SECRET: "outage-secret",
      GHE_HOST: h.github.url.replace("http://", ""),
      GHE_PROTOCOL: "http",
      HOST: "127.0.0.1",
      PORT: "0",
      XIHE_STORE: h.storePath,
      XIHE_QUEUE: h.redis.url,
    });
    const readyz = async () => {
      const res = await fetch(`http://127.0.0.1:${app!.port}/readyz`);
      return { status: res.status, body: (await res.json()) as { checks: Record<string, string> } };
    };
    expect((await readyz()).status).toBe(200);
    await Promise.all([h.startWorker(), h.startWorker()]);

    // The first push of any run: PostgreSQL stops before GitHub answers it (the ref is created).
    let outage: Promise<void> | null = null;
    let stoppedAt = 0;
    h.github.intercept = async (req): Promise<"answer"> => {
      if (req.method === "POST" && req.path.endsWith("/git/refs"))
        await (outage ??= postgres.stop().then(() => void (stoppedAt = Date.now())));
      return "answer";
    };
    const runs = [];
    for (let i = 0; i < 4; i++)
      runs.push(
        await h.recordRun({ repo: `pgdown/r${i}`, pr: i + 1, verb: "fix", installationId: 1 + (i % 2) }),
      );
    while (!stoppedAt) await new Promise((r) => setTimeout(r, 50));

    const during = await readyz();
    expect(during.status).toBe(503);
    expect(during.body.checks.store).toMatch(/PostgreSQL store is unreachable/);
    await new Promise((r) => setTimeout(r, 5_000));
    await h.redis.restart();
    await new Promise((r) => setTimeout(r, Math.max(0, stoppedAt + outageMs - Date.now())));
    expect((await readyz()).status).toBe(503);
    expect(h.workers.every((w) => w.lines.every((l) => !l.includes('"level":60')))).toBe(true);
    await postgres.start();

    const ended = await h
      .waitForEnded(
        runs.map((r) => r.id),
        120_000,
      )
      .catch((err: unknown) => {
        // What each worker last logged says where a run that never resumed got stuck.
        const logs = h.workers.map((w) => `worker ${w.pid}:\n${w.lines.slice(-25).join("\n")}`);
        throw new Error(`${String(err)}\n${logs.join("\n")}`, { cause: err });
      });
    expect((await readyz()).status).toBe(200);
    for (const run of ended) {
      expect({ id: run.id, status: run.status }).toEqual({ id: run.id, status: "succeeded" });
      const repo = h.github.repos.get(run.repo)!;
      expect({
        repo: run.repo,
        pushes: repo.refsCreated,
        pulls: repo.pullsCreated,
        comments: repo.commentsCreated,
        checkRuns: repo.checkRunsCreated,
      }).toEqual({ repo: run.repo, pushes: 1, pulls: 1, comments: 1, checkRuns: 1 });
      const steps = await h.store.listSteps(run.id);
      expect(steps.every((s) => s.status === "succeeded")).toBe(true);
    }
    // The run whose push was in flight ran its push step again (its end was lost) and found the
    // branch there (422), so the workers did see the outage mid-step and released the run.
    const pushedTwice = ended.filter((r) => h.github.repos.get(r.repo)!.refPosts === 2);
    expect(pushedTwice.length).toBeGreaterThanOrEqual(1);
    const released = h.workers.some((w) =>
      w.lines.some((l) => l.includes("run released after the store outage")),
    );
    expect(released).toBe(true);
  }, 240_000);
});
