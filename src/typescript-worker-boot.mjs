// A worker thread's entry: worker threads do not inherit the main thread's TypeScript loader, so the
// worker's TypeScript module (workerData.entry, a file URL) is imported the way bin/xihe.js imports
// the CLI (no build step). Shared by every worker xihe starts (log reading, parsing).
import { workerData } from "node:worker_threads";
import { importTypeScript } from "./import-typescript.mjs";

await importTypeScript(workerData.entry);
