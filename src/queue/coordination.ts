// What workers share besides the jobs themselves (XIHE_QUEUE): a "not before" per installation
// (GitHub's rate limit is per installation, so one worker's 403 parks everyone's runs of it), run
// slots per installation (the concurrency cap, leased so a dead worker's slot frees itself), the
// liveness of workers (a run "running" under a dead worker may be taken over), and run fairness.

export interface Coordination {
  /** The time before which no job of the installation starts, or null. */
  notBefore(installationId: number): Promise<Date | null>;
  /** Parks the installation until `at` (a later park wins). */
  parkUntil(installationId: number, at: Date): Promise<void>;
  /** Takes (or renews) one of the installation's `cap` run slots for runId; false when all are held. */
  acquireSlot(installationId: number, runId: string, cap: number, leaseMs: number): Promise<boolean>;
  releaseSlot(installationId: number, runId: string): Promise<void>;
  /** Marks the worker alive for ttlMs. */
  markAlive(workerId: string, ttlMs: number): Promise<void>;
  isAlive(workerId: string): Promise<boolean>;
  /** How many runs of the installation wait, this one included: the job's fairness priority. */
  pendingRun(installationId: number | null, runId: string): Promise<number>;
  /** The run has started (or ended unstarted): it no longer counts as waiting. */
  startedRun(installationId: number | null, runId: string): Promise<void>;
  /** Calls onCancel with each run id `/xihe stop` asks to abort, from any process. */
  subscribeCancel(onCancel: (runId: string) => void): Promise<void>;
  publishCancel(runId: string): Promise<void>;
  close(): Promise<void>;
}
