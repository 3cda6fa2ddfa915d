// A parse worker thread: loads the grammars once, then answers ParseJob messages in order.
import { parentPort } from "node:worker_threads";
import { createGrammars } from "./grammars.ts";
import { processFile, type ParseJob } from "./process-file.ts";

export type WorkerReply =
  | { id: number; ok: true; result: Awaited<ReturnType<typeof processFile>> }
  | { id: number; ok: false; error: string };

const port = parentPort;
if (!port) throw new Error("parse-worker.ts must run in a worker thread");
const grammars = await createGrammars();
port.on("message", (msg: { id: number; job: ParseJob }) => {
  processFile(grammars, msg.job).then(
    (result) => port.postMessage({ id: msg.id, ok: true, result } satisfies WorkerReply),
    (err: unknown) =>
      port.postMessage({
        id: msg.id,
        ok: false,
        error: err instanceof Error ? err.message : String(err),
      } satisfies WorkerReply),
  );
});
port.postMessage({ ready: true });
