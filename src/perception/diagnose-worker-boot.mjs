// Worker entry: worker threads do not inherit the main thread's TypeScript loader, so the worker's
// TypeScript entry is imported the way bin/xihe.js imports the CLI (no build step).
import { workerData } from "node:worker_threads";
import { importTypeScript } from "../import-typescript.mjs";

await importTypeScript(workerData.entry);
