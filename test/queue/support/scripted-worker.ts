// A worker process for the queue tests: `startQueueWorker` exactly as `xihe worker` wires it
// (BullMQ, Redis coordination, the shared store (a SQLite file or PostgreSQL), the real GitHub reporter), with scripted
// executors instead of the real verbs so each run takes milliseconds to seconds:
// - "fix": fix-like steps workspace, perceive, commit, push (side branch), pr — each one request
//   to the fake GitHub; push and pr look up what an interrupted attempt may have made first, as
//   the real delivery does;
// - "explain": STEPS slow steps of STEP_MS each (fairness, shutdown and stop tests).
// With TRIAGE=real, deliveries are triaged by the App's real triage (createTriageDelivery) against
// the fake GitHub, so webhook commands become runs as in production.
// Every request carries `xihe-test/<pid>` as its user agent, so the fake GitHub knows the sender.
// Configured by the environment: XIHE_QUEUE, XIHE_STORE, FAKE_GITHUB, LEASE_MS, CONCURRENCY,
// INSTALLATION_CAP, SHUTDOWN_MS, STEPS, STEP_MS.
import { z } from "zod";
import { createPermissionCache } from "../../../src/github/collaborator-permission.ts";
import { createGitHubReporter } from "../../../src/github/github-reporter.ts";
import { createTriageDelivery } from "../../../src/github/triage-delivery.ts";
import { createXiheOctokit } from "../../../src/github/xihe-octokit.ts";
import { createLogger } from "../../../src/logger.ts";
import { bullmqConsume } from "../../../src/queue/bullmq-consumer.ts";
import { openBullmqQueue } from "../../../src/queue/bullmq-queue.ts";
import { enqueueRecordedRuns } from "../../../src/queue/enqueue-recorded-runs.ts";
import { startQueueWorker } from "../../../src/queue/queue-worker.ts";
import { connectRedisCoordination } from "../../../src/queue/redis-coordination.ts";
import type { RunContext, RunExecutor } from "../../../src/runs/run-executor.ts";
import { openStore } from "../../../src/store/open-store.ts";

const env = process.env;
const url = env.XIHE_QUEUE!;
const github = env.FAKE_GITHUB!;
const leaseMs = Number(env.LEASE_MS ?? 2000);
const userAgent = `xihe-test/${process.pid}`;
const log = createLogger({ level: "info" });
const store = await openStore(env.XIHE_STORE!, { poolSize: 4, log });
const coordination = connectRedisCoordination(url, log);
const queue = openBullmqQueue(url, coordination, log);
const Octokit = createXiheOctokit(log, { retryAndThrottle: false, requestTimeoutMs: 20_000 });
const octokit = new Octokit({ auth: "ghs_test", baseUrl: github, userAgent });

async function call(
  ctx: RunContext,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${github}${path}`, {
    method,
    headers: { "user-agent": userAgent, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: ctx.signal,
  });
  return { status: res.status, body: await res.json() };
}

const fixLike: RunExecutor = async (ctx) => {
  const repo = `/repos/${ctx.run.repo}`;
  const pr = ctx.run.pr!;
  const branch = `xihe/fix/${pr}`;
  const plain = { kind: "scripted", input: null };
  await ctx.step(
    "workspace",
    { ...plain, output: z.number() },
    async () => (await call(ctx, "GET", `${repo}/pulls/${pr}`)).status,
  );
  await ctx.step(
    "perceive",
    { ...plain, output: z.number() },
    async () => (await call(ctx, "GET", `${repo}/commits/${ctx.run.headSha}/check-runs`)).status,
  );
  const commit = await ctx.step("commit", { ...plain, output: z.object({ sha: z.string() }) }, async () => {
    await call(ctx, "GET", `${repo}/git/commits/${ctx.run.headSha}`);
    return { sha: `fix-of-${ctx.run.headSha}` };
  });
  await ctx.step("push", { ...plain, output: z.object({ created: z.boolean() }) }, async () => {
    const res = await call(ctx, "POST", `${repo}/git/refs`, { ref: `refs/heads/${branch}`, sha: commit.sha });
    // 422 "Reference already exists": an interrupted attempt pushed it already.
    if (res.status !== 201 && res.status !== 422) throw new Error(`push answered ${res.status}`);
    return { created: res.status === 201 };
  });
  const opened = await ctx.step("pr", { ...plain, output: z.object({ number: z.number() }) }, async () => {
    const found = await call(ctx, "GET", `${repo}/pulls?head=${encodeURIComponent(branch)}`);
    const list = z.array(z.object({ number: z.number() })).parse(found.body);
    if (list[0]) return { number: list[0].number };
    const created = await call(ctx, "POST", `${repo}/pulls`, { head: branch, base: "main", title: "fix" });
    return z.object({ number: z.number() }).parse(created.body);
  });
  return { status: "succeeded", summary: `opened #${opened.number}`, body: "" };
};

const slow: RunExecutor = async (ctx) => {
  const steps = Number(env.STEPS ?? 3);
  const stepMs = Number(env.STEP_MS ?? 200);
  for (let i = 0; i < steps; i++)
    await ctx.step(`slow:${i}`, { kind: "scripted", input: null, output: z.number() }, async () => {
      await call(ctx, "GET", `/repos/${ctx.run.repo}/slow/${ctx.run.id}/${i}?ms=${stepMs}`);
      return i;
    });
  return { status: "succeeded", summary: "done", body: "" };
};

const recording = enqueueRecordedRuns(store, queue, log);
let runSeq = 0;
const triage =
  env.TRIAGE === "real"
    ? createTriageDelivery({
        appId: 123,
        store: recording,
        log,
        now: () => new Date(),
        newRunId: () => `r${process.pid}x${++runSeq}`,
        permissions: createPermissionCache(),
        wakeWorker: () => undefined,
        cancelRun: (id) => void queue.cancel(id),
        installationOctokit: async () => octokit,
        github: { web: github, api: github, noreplyDomain: "users.noreply.github.test" },
      })
    : async () => undefined;

const worker = await startQueueWorker({
  store: recording,
  log,
  now: () => new Date(),
  executors: { fix: fixLike, explain: slow, ask: slow, suggest: slow },
  reporterFor: () =>
    createGitHubReporter(
      async () => octokit,
      () => new Date(),
    ),
  workerId: `test-${process.pid}`,
  queue,
  coordination,
  consume: bullmqConsume({ url, leaseMs, log }),
  concurrency: Number(env.CONCURRENCY ?? 1),
  triage: { handle: triage, concurrency: 4 },
  leaseMs,
  installationCap: Number(env.INSTALLATION_CAP ?? 0),
  maxResumes: 2,
  shutdownDeadlineMs: Number(env.SHUTDOWN_MS ?? 10_000),
});
process.once("SIGTERM", () => {
  void worker.stop().then(async () => {
    await store.close();
    process.exit(0);
  });
});
