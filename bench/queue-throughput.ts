// npm run bench:queue [-- --runs N --deliveries M --store postgres|sqlite]: the shared queue
// (XIHE_QUEUE) on a real Redis.
// 1. Runs a minute of a trivial run (one scripted step, the real status comment and check run on a
//    local fake GitHub, steps in a shared SQLite file) with 1, 2 and 4 worker processes.
// 2. Webhook ack p50/p99 of M signed deliveries (mixed commands, 20 installations, duplicates) sent
//    at once to two App processes (bin/xihe-app.js) while `xihe worker` processes triage them and
//    run the runs against a GitHub that answers every request after 300 ms; the store is a throwaway
//    PostgreSQL (default) or one SQLite file all processes share.
// Prints numbers only, with the load average at the start and end: the machine may be shared, so
// compare runs made on a quiet machine.
import { loadavg } from "node:os";
import { startQueueHarness } from "../test/queue/support/queue-harness.ts";
import { runWebhookLoad } from "../test/queue/support/webhook-load.ts";

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback;
const runCount = flag("--runs", 200);
const deliveries = flag("--deliveries", 200);
const store = args.includes("--store") ? args[args.indexOf("--store") + 1] : "postgres";
if (store !== "postgres" && store !== "sqlite") throw new Error(`--store: postgres or sqlite, not ${store}`);
const load1 = () => loadavg()[0]!.toFixed(2);

async function runsPerMinute(workers: number): Promise<number> {
  const h = await startQueueHarness({ LEASE_MS: "10000", CONCURRENCY: "4", STEPS: "1", STEP_MS: "0" });
  try {
    await Promise.all(Array.from({ length: workers }, () => h.startWorker()));
    const started = performance.now();
    const ids = [];
    for (let i = 0; i < runCount; i++)
      ids.push(
        (await h.recordRun({ repo: `bench/r${i}`, pr: i + 1, verb: "explain", installationId: 1 + (i % 20) }))
          .id,
      );
    const ended = await h.waitForEnded(ids, 600_000);
    const minutes = (performance.now() - started) / 60_000;
    const failed = ended.filter((r) => r.status !== "succeeded").length;
    if (failed > 0) console.log(`  (${failed} of ${runCount} runs did not succeed)`);
    return runCount / minutes;
  } finally {
    await h.close();
  }
}

// --runs 0 measures only the webhook ack.
if (runCount > 0) {
  console.log(`trivial runs (${runCount}, 20 installations, worker concurrency 4):`);
  for (const workers of [1, 2, 4])
    console.log(`  ${workers} worker process(es): ${(await runsPerMinute(workers)).toFixed(0)} runs/minute`);
}

const loadBefore = load1();
const load = await runWebhookLoad({
  store,
  deliveries,
  installations: 20,
  duplicateEvery: 10,
  workers: 2,
  githubDelayMs: 300,
});
console.log(
  `webhook ack, ${load.sent} deliveries (${load.distinct} distinct) at once to 2 App processes, 2 workers busy, ${store} store (load average ${loadBefore} before, ${load1()} after):`,
);
console.log(
  `  p50 ${load.ackP50Ms.toFixed(0)} ms, p99 ${load.ackP99Ms.toFixed(0)} ms, max ${load.ackMaxMs.toFixed(0)} ms`,
);
const ms = (v: number | null) => (v === null ? "n/a" : `${v.toFixed(0)} ms`);
console.log(
  `  CPU during the burst: App processes ${ms(load.burstCpuMs.apps)}, workers ${ms(load.burstCpuMs.workers)}, this process (the sender, the fake GitHub) ${ms(load.burstCpuMs.bench)}`,
);
console.log(
  `  answered ${load.answered}/${load.sent}; triage done ${load.triageDone}/${load.distinct}; runs ${load.runs} for ${load.distinct} command deliveries; duplicate runs ${load.duplicateRuns}`,
);
