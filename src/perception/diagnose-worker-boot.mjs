// Worker entry: worker threads do not inherit the tsx loader, so register it before importing
// the TypeScript worker (the project runs TypeScript directly, without a build step).
import { register } from "tsx/esm/api";
import { workerData } from "node:worker_threads";

register();
await import(workerData.entry);
