// The store as the App uses it, recording each finished step's duration into the metrics. Steps
// are finished by the store whichever verb runs them, so this is the one place that sees them all.
// Beside it, the other run and triage outcomes the metrics count: ended runs, rate-limit parks.
import { RateLimitedError } from "../runs/rate-limited-error.ts";
import type { TriageHandler } from "../runs/triage-loop.ts";
import type { Store } from "../store/store.ts";
import type { XiheMetrics } from "./metrics.ts";

export function meteredStore(store: Store, metrics: Pick<XiheMetrics, "stepSeconds">): Store {
  return {
    ...store,
    async finishStep(runId, stepId, result) {
      const step = await store.finishStep(runId, stepId, result);
      const seconds = (Date.parse(step.endedAt ?? "") - Date.parse(step.startedAt)) / 1000;
      if (Number.isFinite(seconds) && seconds >= 0)
        metrics.stepSeconds.observe({ kind: step.kind, status: step.status }, seconds);
      return step;
    },
  };
}

/** Counts an ended run by verb and outcome; a run that is not ended (parked again) is not counted. */
export async function countEndedRun(
  store: Pick<Store, "getRun">,
  metrics: Pick<XiheMetrics, "runsEnded">,
  runId: string,
): Promise<void> {
  const run = await store.getRun(runId);
  if (!run || run.status === "queued" || run.status === "running") return;
  metrics.runsEnded.inc({ verb: run.verb, outcome: run.status });
}

/** Counts a run parked by GitHub's rate limit (execute-run's onRateLimitPark). */
export function countRunPark(metrics: Pick<XiheMetrics, "rateLimitParks">): () => void {
  return () => metrics.rateLimitParks.inc({ kind: "run" });
}

/** The triage handler, counting each delivery whose triage a rate limit parks (the triage loop does). */
export function countTriageParks(
  handle: TriageHandler,
  metrics: Pick<XiheMetrics, "rateLimitParks">,
): TriageHandler {
  return async (...args) => {
    try {
      return await handle(...args);
    } catch (err) {
      if (err instanceof RateLimitedError) metrics.rateLimitParks.inc({ kind: "triage" });
      throw err;
    }
  };
}
