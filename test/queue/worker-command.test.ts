// `xihe worker` as operators start it (bin/xihe.js worker), configured by its environment like the
// App: refused without XIHE_QUEUE; with it, takes a run recorded and enqueued by another process,
// runs it with the App's real executors, serves its metrics (XIHE_METRICS_PORT), and stops cleanly
// on SIGTERM.
import { generateKeyPairSync } from "node:crypto";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli.ts";
import { startQueueHarness, type QueueHarness } from "./support/queue-harness.ts";
import { startWorkerProcess } from "./support/worker-processes.ts";
import { scratchDir } from "../support/scratch-dir.ts";

const { privateKey } = generateKeyPairSync("rsa", {
  modulusLength: 2048,
  privateKeyEncoding: { type: "pkcs1", format: "pem" },
  publicKeyEncoding: { type: "spki", format: "pem" },
});
const appEnv = { APP_ID: "123", PRIVATE_KEY: privateKey, WEBHOOK_SECRET: "s" };

describe("xihe worker", () => {
  let h: QueueHarness;
  beforeAll(async () => {
    h = await startQueueHarness();
  });
  afterAll(async () => h?.close());

  it("refuses to start without XIHE_QUEUE, saying what to set", async () => {
    let err = "";
    const code = await main(["worker"], {
      stdout: () => undefined,
      stderr: (t) => void (err += t),
      readStdin: async () => "",
      env: { ...appEnv, XIHE_STORE: h.storePath },
      cwd: process.cwd(),
      isTTY: false,
    });
    expect(code).toBe(2);
    expect(err).toContain("XIHE_QUEUE=redis://");
  });

  it("runs a queued run with the App's executors, counts it in its /metrics and stops on SIGTERM", async () => {
    const root = scratchDir("xihe-worker-bin-");
    const worker = await startWorkerProcess(
      {
        ...process.env,
        ...appEnv,
        GHE_HOST: h.github.url.replace("http://", ""),
        GHE_PROTOCOL: "http",
        XIHE_QUEUE: h.redis.url,
        XIHE_STORE: h.storePath,
        XIHE_WORK_DIR: join(root, "work"),
        XIHE_ARCHIVE: join(root, "archive"),
        XIHE_METRICS_PORT: "0",
        HOST: "127.0.0.1",
      },
      { bin: true },
    );
    const listening = worker.lines
      .map((l) => (l.startsWith("{") ? (JSON.parse(l) as { msg?: string; port?: number }) : {}))
      .find((l) => l.msg === "xihe worker metrics listening");
    expect(listening?.port).toEqual(expect.any(Number));
    // A workflow run outside any installation: the real executor ends it at once, "not configured".
    const created = await h.store.createRun(
      {
        installationId: null,
        repo: "octo/app",
        pr: null,
        headSha: "abc",
        verb: "workflow",
        args: "nightly",
        trigger: "api",
        requester: "octocat",
        budget: {},
        context: {},
      },
      { id: "rbin0001", now: new Date().toISOString() },
    );
    expect(created.created).toBe(true);
    await h.queue.add({ kind: "run", runId: "rbin0001", installationId: null });
    const [ended] = await h.waitForEnded(["rbin0001"], 30_000);
    expect(ended).toMatchObject({ status: "failed", workerId: null });
    expect(ended!.reason).toContain("integrations.dolphinscheduler is not configured");
    // The run ended in the worker, so only the worker's own endpoint can show it.
    const metrics = await (await fetch(`http://127.0.0.1:${listening!.port}/metrics`)).text();
    expect(metrics).toContain('xihe_runs_ended_total{verb="workflow",outcome="failed"} 1');
    expect(metrics).toContain("# TYPE xihe_rate_limit_parks_total counter");

    worker.kill("SIGTERM");
    expect(await worker.exited).toBe(0);
  }, 90_000);
});
