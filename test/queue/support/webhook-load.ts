// The load scenario of issue 15, shared by bench/queue-throughput.ts (figures) and
// test/queue/webhook-load.test.ts (correctness): signed `/xihe <verb>` comment deliveries on distinct
// PRs of 20 installations, some sent twice (the same GUID, to the other App process), all at once to
// two App processes (bin/xihe-app.js, XIHE_QUEUE) sharing one store (a SQLite file, or a throwaway
// PostgreSQL with `store: "postgres"`), while worker processes triage them with the App's real
// triage and run the runs as slow scripted jobs.
import { sign } from "@octokit/webhooks-methods";
import { generateKeyPairSync } from "node:crypto";
import { commentPayload } from "../../github/app-harness.ts";
import { startAppProcess, type AppProcess } from "../../server/app-process.ts";
import { startPostgresServer, type PostgresServer } from "../../support/postgres-server.ts";
import { cpuSpent, processCpuMs } from "../../support/process-cpu.ts";
import { startQueueHarness, type QueueHarness } from "./queue-harness.ts";

export interface LoadResult {
  sent: number;
  distinct: number;
  answered: number;
  ackP50Ms: number;
  ackP99Ms: number;
  ackMaxMs: number;
  triageDone: number;
  runs: number;
  /** Runs beyond one per (repo, PR, head, verb). */
  duplicateRuns: number;
  /** Distinct deliveries with no run. */
  lost: number;
  /**
   * CPU milliseconds spent from the first request sent to the last answer read: by both App
   * processes, by the workers, and by this process: the sender of the requests, and the fake
   * GitHub the workers call meanwhile (null off Linux).
   */
  burstCpuMs: { apps: number | null; workers: number | null; bench: number };
}

const verbs = ["fix", "explain", "ask why does it fail", "suggest"];
const secret = "load-webhook-secret";

export async function runWebhookLoad(o: {
  deliveries: number;
  installations: number;
  /** Every n-th delivery repeats an earlier GUID. */
  duplicateEvery: number;
  workers: number;
  /** How long each run's slow step takes. */
  githubDelayMs: number;
  store?: "sqlite" | "postgres";
}): Promise<LoadResult> {
  const pg: PostgresServer | null = o.store === "postgres" ? await startPostgresServer() : null;
  const apps: AppProcess[] = [];
  try {
    const storeUrl = pg ? await pg.createDatabase("xihe_load") : undefined;
    const h = await startQueueHarness(
      { LEASE_MS: "10000", CONCURRENCY: "2", STEPS: "2", STEP_MS: String(o.githubDelayMs), TRIAGE: "real" },
      { storeUrl },
    );
    try {
      return await sendLoad(o, h, apps);
    } finally {
      await Promise.all(apps.map((a) => a.stop()));
      await h.close();
    }
  } finally {
    await pg?.destroy();
  }
}

async function sendLoad(
  o: Parameters<typeof runWebhookLoad>[0],
  h: QueueHarness,
  apps: AppProcess[],
): Promise<LoadResult> {
  const { privateKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    privateKeyEncoding: { type: "pkcs1", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  });
  const appEnv = {
    ...process.env,
    APP_ID: "123",
    PRIVATE_KEY: privateKey,
    WEBHOOK_SECRET: secret,
    GHE_HOST: h.github.url.replace("http://", ""),
    GHE_PROTOCOL: "http",
    HOST: "127.0.0.1",
    PORT: "0",
    XIHE_STORE: h.storePath,
    XIHE_QUEUE: h.redis.url,
    LOG_LEVEL: "info" as const,
  };
  apps.push(...(await Promise.all([startAppProcess(appEnv), startAppProcess(appEnv)])));
  const workers = await Promise.all(Array.from({ length: o.workers }, () => h.startWorker()));

  const signed = [];
  let distinct = 0;
  for (let i = 0; i < o.deliveries; i++) {
    const repeat = i > 0 && i % o.duplicateEvery === 0;
    const n = repeat ? distinct - 1 : distinct++;
    const payload = commentPayload(`/xihe ${verbs[n % verbs.length]}`, { commentId: 5000 + n });
    const issue = payload.issue as Record<string, unknown>;
    const body = JSON.stringify({
      ...payload,
      issue: { ...issue, number: n + 1 },
      installation: {
        ...(payload.installation as Record<string, unknown>),
        id: 1000 + (n % o.installations),
      },
    });
    signed.push({ id: `load-${n}`, body, signature: await sign(secret, body), app: apps[i % 2]! });
  }
  const cpu = () => ({
    apps: apps.map((a) => processCpuMs(a.pid)),
    workers: workers.map((w) => processCpuMs(w.pid)),
  });
  const cpuBefore = cpu();
  const senderBefore = process.cpuUsage();
  const acks = await Promise.all(
    signed.map(async (d) => {
      const started = performance.now();
      const res = await fetch(`http://127.0.0.1:${d.app.port}/api/github/webhooks`, {
        method: "POST",
        body: d.body,
        headers: {
          "content-type": "application/json",
          "x-github-event": "issue_comment",
          "x-github-delivery": d.id,
          "x-hub-signature-256": d.signature,
        },
      });
      await res.arrayBuffer();
      return { ms: performance.now() - started, ok: res.status === 200 };
    }),
  );
  const senderSpent = process.cpuUsage(senderBefore);
  const cpuAfter = cpu();
  const burstCpuMs = {
    apps: cpuSpent(cpuBefore.apps, cpuAfter.apps),
    workers: cpuSpent(cpuBefore.workers, cpuAfter.workers),
    bench: (senderSpent.user + senderSpent.system) / 1000,
  };
  // Nothing lost: every distinct delivery triaged and turned into its run.
  // Triage records the runs; waiting for it to end (done or failed) is enough.
  const deadline = Date.now() + 180_000;
  let triage = await h.store.listTriage({ limit: 10_000 });
  while (triage.some((t) => t.status !== "done" && t.status !== "failed") && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    triage = await h.store.listTriage({ limit: 10_000 });
  }
  const runs = await h.store.listRuns({ limit: 10_000 });
  const notDone = triage.filter((t) => t.status !== "done");
  if (notDone.length > 0)
    console.warn(
      `triage not done: ${notDone
        .slice(0, 5)
        .map((t) => `${t.deliveryId} ${t.status} ${t.error ?? ""}`)
        .join("; ")}`,
    );
  const keys = new Set(runs.map((r) => `${r.repo}#${r.pr}@${r.headSha}:${r.verb}`));
  const prsWithRun = new Set(runs.map((r) => r.pr));
  const times = acks.map((a) => a.ms).sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!;
  return {
    sent: signed.length,
    distinct,
    answered: acks.filter((a) => a.ok).length,
    ackP50Ms: pct(50),
    ackP99Ms: pct(99),
    ackMaxMs: times.at(-1)!,
    triageDone: triage.filter((t) => t.status === "done").length,
    runs: runs.length,
    duplicateRuns: runs.length - keys.size,
    lost: Array.from({ length: distinct }, (_, n) => n + 1).filter((pr) => !prsWithRun.has(pr)).length,
    burstCpuMs,
  };
}
