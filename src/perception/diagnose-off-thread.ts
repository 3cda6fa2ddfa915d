// diagnose() on a worker thread, so a large or hostile log never blocks the event loop that answers
// webhooks (A45): the worker reads and parses, this thread maps paths (fileExists is a callback that
// cannot cross threads) and classifies. One worker per call; it costs a few hundred ms to start,
// small next to the checks and log downloads it follows.
import { Worker } from "node:worker_threads";
import { finishDiagnosis, type DiagnoseOptions, type DiagnoseResult } from "./diagnose.ts";
import type { DiagnoseWorkerData, FromWorker, ToWorker } from "./diagnose-worker.ts";
import type { LogReading } from "./read-log.ts";

/** As diagnose(), except custom parsers (functions cannot cross threads). */
export type OffThreadOptions = Omit<DiagnoseOptions, "parsers">;

export async function diagnoseOffThread(
  input: string | AsyncIterable<string | Uint8Array>,
  options: OffThreadOptions = {},
): Promise<DiagnoseResult> {
  const { repoRoot, fileExists, reruns, ...readOptions } = options;
  const reading = await readOnWorker(input, readOptions);
  return finishDiagnosis(reading, { repoRoot, fileExists, reruns });
}

function readOnWorker(
  input: string | AsyncIterable<string | Uint8Array>,
  options: DiagnoseWorkerData["options"],
): Promise<LogReading> {
  const text = typeof input === "string" ? input : null;
  const chunks = typeof input === "string" ? null : input[Symbol.asyncIterator]();
  const worker = new Worker(new URL("../typescript-worker-boot.mjs", import.meta.url), {
    workerData: {
      entry: new URL("./diagnose-worker.ts", import.meta.url).href,
      text,
      options,
    } satisfies DiagnoseWorkerData,
  });
  return new Promise<LogReading>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      outcome();
    };
    const fail = (err: Error): void => finish(() => reject(err));
    const readFailed = (err: unknown): void => {
      void chunks?.return?.();
      fail(new Error("reading the log for diagnosis failed", { cause: err }));
    };
    // One chunk is read ahead, from the start: a stream that cannot open fails here, not unobserved.
    let ahead = chunks?.next();
    ahead?.catch(readFailed);
    const sendNext = async (): Promise<void> => {
      const next = await ahead;
      if (settled || !next) return;
      if (next.done) return worker.postMessage({ end: true } satisfies ToWorker);
      ahead = chunks?.next();
      ahead?.catch(readFailed);
      // A copy of just this chunk (a stream's Buffer may be a view of a shared pool), then moved.
      const chunk = typeof next.value === "string" ? next.value : new Uint8Array(next.value);
      worker.postMessage({ chunk } satisfies ToWorker, typeof chunk === "string" ? [] : [chunk.buffer]);
    };
    worker.on("message", (msg: FromWorker) => {
      if ("pull" in msg) sendNext().catch(readFailed);
      else if ("done" in msg) finish(() => resolve(msg.done));
      else fail(new Error(`diagnosing the log failed on its worker thread: ${msg.error}`));
    });
    worker.on("error", (err) => fail(new Error("the diagnose worker thread crashed", { cause: err })));
    worker.on("exit", (code) => fail(new Error(`the diagnose worker thread exited early (code ${code})`)));
  });
}
