// A diagnose worker thread: reads one log with readLog and posts the LogReading back. A streamed log
// arrives chunk by chunk on request (one chunk ahead), so the worker never holds more than it parses.
import { parentPort, workerData } from "node:worker_threads";
import { readLog, type LogReading, type ReadLogOptions } from "./read-log.ts";

export type ToWorker = { chunk: string | Uint8Array } | { end: true };
export type FromWorker = { pull: true } | { done: LogReading } | { error: string };
export interface DiagnoseWorkerData {
  entry: string;
  text: string | null;
  options: Omit<ReadLogOptions, "parsers">;
}

const port = parentPort;
if (!port) throw new Error("diagnose-worker.ts must run in a worker thread");
const data = workerData as DiagnoseWorkerData;

function pulledChunks(): AsyncIterable<string | Uint8Array> {
  const waiting: ((msg: ToWorker) => void)[] = [];
  const arrived: ToWorker[] = [];
  port?.on("message", (msg: ToWorker) => {
    const take = waiting.shift();
    if (take) take(msg);
    else arrived.push(msg);
  });
  const next = () =>
    new Promise<ToWorker>((resolve) =>
      arrived.length > 0 ? resolve(arrived.shift() as ToWorker) : waiting.push(resolve),
    );
  return {
    async *[Symbol.asyncIterator]() {
      port?.postMessage({ pull: true } satisfies FromWorker);
      for (;;) {
        const msg = await next();
        if ("end" in msg) return;
        port?.postMessage({ pull: true } satisfies FromWorker);
        yield msg.chunk;
      }
    },
  };
}

readLog(data.text ?? pulledChunks(), data.options).then(
  (reading) => port.postMessage({ done: reading } satisfies FromWorker),
  (err: unknown) =>
    port.postMessage({ error: err instanceof Error ? err.message : String(err) } satisfies FromWorker),
);
