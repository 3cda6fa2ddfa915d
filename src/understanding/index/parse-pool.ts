// Parses a batch of files on worker threads (or on the calling thread for small batches, where
// starting a worker — about 200 ms to load tsx and the grammars — would cost more than it saves).
import { Worker } from "node:worker_threads";
import type { Grammars } from "./grammars.ts";
import type { WorkerReply } from "./parse-worker.ts";
import { processFile, type ParseJob, type ParseResult } from "./process-file.ts";

export interface ParsePoolOptions {
  /** Worker threads; 0 parses on the calling thread. */
  workers: number;
  /** Below this many files the batch is parsed on the calling thread. */
  minJobsForWorkers: number;
  grammars: () => Promise<Grammars>;
}

export type JobResult = { ok: true; result: ParseResult } | { ok: false; error: string };

export async function parseAll(jobs: readonly ParseJob[], options: ParsePoolOptions): Promise<JobResult[]> {
  if (jobs.length === 0) return [];
  if (options.workers <= 0 || jobs.length < options.minJobsForWorkers) {
    const grammars = await options.grammars();
    const results: JobResult[] = [];
    for (const job of jobs) {
      try {
        results.push({ ok: true, result: await processFile(grammars, job) });
      } catch (err) {
        results.push({ ok: false, error: err instanceof Error ? err.message : String(err) });
      }
    }
    return results;
  }
  const count = Math.min(options.workers, jobs.length);
  const results: JobResult[] = new Array<JobResult>(jobs.length);
  let next = 0;
  await Promise.all(Array.from({ length: count }, () => runWorker(jobs, results, () => next++)));
  return results;
}

function runWorker(jobs: readonly ParseJob[], results: JobResult[], take: () => number): Promise<void> {
  const worker = new Worker(new URL("../../typescript-worker-boot.mjs", import.meta.url), {
    workerData: { entry: new URL("./parse-worker.ts", import.meta.url).href },
  });
  return new Promise((resolve, reject) => {
    let inFlight = 0;
    const sendNext = () => {
      const id = take();
      const job = jobs[id];
      if (job) {
        inFlight++;
        worker.postMessage({ id, job });
      } else if (inFlight === 0) {
        void worker.terminate().then(() => resolve());
      }
    };
    worker.on("message", (msg: WorkerReply | { ready: true }) => {
      // Two jobs in flight, so the worker never waits for this thread to be scheduled.
      if ("ready" in msg) {
        sendNext();
        return sendNext();
      }
      inFlight--;
      results[msg.id] = msg.ok ? { ok: true, result: msg.result } : { ok: false, error: msg.error };
      sendNext();
    });
    worker.on("error", (err) => reject(new Error("a parse worker crashed", { cause: err })));
  });
}
