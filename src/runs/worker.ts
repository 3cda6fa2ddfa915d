// The worker: takes queued runs from the store with bounded concurrency and owns their lifecycle
// (queued -> running -> succeeded | failed | cancelled | needs_input). Rate-limited runs are parked,
// cancelled runs are aborted, and everything an executor does goes through persisted steps. It also
// drains the triage queue (triage-loop.ts) that webhook deliveries fill.
import { executeRun, type ExecuteRunDeps } from "./execute-run.ts";
import { createTriageLoop, type TriageHandler } from "./triage-loop.ts";

export interface WorkerDeps extends ExecuteRunDeps {
  workerId: string;
  concurrency: number;
  /** Triage of webhook deliveries (config, permission, replies); none in the CLI. */
  triage?: { handle: TriageHandler; concurrency: number };
}

export interface Worker {
  /** Claims and starts runs until the concurrency limit; returns immediately. */
  wake(): void;
  /** Aborts a run this worker holds (its sandbox processes get the abort signal). */
  cancel(runId: string): void;
  /** Resolves when no triage job and no run is active and none is claimable. */
  drain(): Promise<void>;
  /** Resolves when no triage job is active or claimable; runs it queued stay queued. */
  drainTriage(): Promise<void>;
  /** Polls for parked and newly queued runs. */
  start(pollMs?: number): void;
  stop(): Promise<void>;
}

// One closure over the worker's active runs and timer; each member is short, and the run's own
// lifecycle (execute, finish, park) lives in execute-run.ts.
export function createWorker(deps: WorkerDeps): Worker {
  const active = new Map<string, { controller: AbortController; done: Promise<void> }>();
  let filling: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const triage = deps.triage
    ? createTriageLoop({ ...deps, concurrency: deps.triage.concurrency, handle: deps.triage.handle })
    : null;

  async function fill(): Promise<void> {
    while (active.size < deps.concurrency) {
      const run = await deps.store.claimNextRun(deps.workerId, deps.now().toISOString());
      if (!run) return;
      const controller = new AbortController();
      const done = executeRun(deps, run, controller.signal).finally(() => active.delete(run.id));
      active.set(run.id, { controller, done });
    }
  }

  function wake(): void {
    triage?.wake();
    filling ??= fill()
      .catch((err: unknown) => deps.log.error({ err }, "worker could not claim runs"))
      .finally(() => (filling = null));
  }

  return {
    wake,
    cancel(runId) {
      active.get(runId)?.controller.abort(new Error("cancelled"));
    },
    async drain() {
      for (;;) {
        // Triage first: it is what queues runs (runs never queue triage).
        await triage?.drain();
        wake();
        await filling;
        if (active.size === 0) {
          const next = await deps.store.listRuns({ status: ["queued"], limit: 1 });
          const claimable = next.filter((r) => !r.notBefore || r.notBefore <= deps.now().toISOString());
          if (claimable.length === 0) return;
          continue;
        }
        await Promise.race([...active.values()].map((a) => a.done));
      }
    },
    async drainTriage() {
      await triage?.drain();
    },
    start(pollMs = 2000) {
      timer ??= setInterval(wake, pollMs);
      timer.unref();
      wake();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await Promise.allSettled([...active.values()].map((a) => a.done));
      await triage?.stop();
    },
  };
}
