// `xihe fix` runs in its own process; a cancel through `xihe serve` (POST /v1/runs/{id}/cancel)
// marks the run cancelled in the store they share. This watches the run's record and aborts the
// run's signal when it sees the mark, which kills the sandboxed command under way.
import type { Logger } from "../logger.ts";
import type { Store } from "../store/store.ts";

export interface CancelWatch {
  signal: AbortSignal;
  stop(): void;
}

export function watchCancel(
  store: Store,
  runId: string,
  deps: { intervalMs: number; log: Logger },
): CancelWatch {
  const controller = new AbortController();
  let reading = false;
  const timer = setInterval(() => {
    if (reading || controller.signal.aborted) return;
    reading = true;
    store
      .getRun(runId)
      .then((run) => {
        if (run?.status !== "cancelled") return;
        controller.abort(new Error(run.reason ?? "cancelled"));
        clearInterval(timer);
      })
      .catch((err: unknown) => deps.log.warn({ err, runId }, "could not read the run's status"))
      .finally(() => void (reading = false));
  }, deps.intervalMs);
  timer.unref();
  return { signal: controller.signal, stop: () => clearInterval(timer) };
}
