// Progress on a terminal: every persisted step of a run is announced as it starts and ends. It wraps
// the store (the one place every step passes through), so the core needs no progress hook.
import type { Store } from "../store/store.ts";

export function withStepProgress(store: Store, write: (line: string) => void, now: () => number): Store {
  const started = new Map<string, number>();
  return {
    ...store,
    async startStep(step) {
      started.set(`${step.runId}/${step.stepId}`, now());
      write(`  … ${step.stepId}\n`);
      return store.startStep(step);
    },
    async finishStep(runId, stepId, result) {
      const since = started.get(`${runId}/${stepId}`);
      const seconds = since === undefined ? "" : ` (${((now() - since) / 1000).toFixed(1)} s)`;
      write(`  ${result.status === "succeeded" ? "✓" : "✗"} ${stepId}${seconds}\n`);
      return store.finishStep(runId, stepId, result);
    },
  };
}
