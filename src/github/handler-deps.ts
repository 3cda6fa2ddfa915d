// What the triage of a webhook delivery gets from the entry point: the store, a logger, clock and
// ids, the permission cache, the two hooks into the worker, which GitHub it is, and `once` for its
// side effects.
import type { Logger } from "../logger.ts";
import type { TriageOnce } from "../runs/triage-loop.ts";
import type { Store } from "../store/store.ts";
import type { PermissionCache } from "./collaborator-permission.ts";
import type { GitHubUrls } from "./github-urls.ts";

export interface HandlerDeps {
  store: Store;
  log: Logger;
  now: () => Date;
  newRunId: () => string;
  permissions: PermissionCache;
  wakeWorker: () => void;
  cancelRun: (runId: string) => void;
  /** github.com or the GitHub Enterprise Server the App talks to. */
  github: GitHubUrls;
}

/** HandlerDeps for one delivery: `once` runs a side effect at most once across retried triages. */
export interface TriageDeps extends HandlerDeps {
  once: TriageOnce;
}
