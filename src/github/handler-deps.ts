// What webhook handlers get from the entry point: the store, a logger, clock and ids, the permission
// cache, and the two hooks into the worker.
import type { Logger } from "../logger.ts";
import type { Store } from "../store/store.ts";
import type { PermissionCache } from "./collaborator-permission.ts";

export interface HandlerDeps {
  store: Store;
  log: Logger;
  now: () => Date;
  newRunId: () => string;
  permissions: PermissionCache;
  wakeWorker: () => void;
  cancelRun: (runId: string) => void;
}
