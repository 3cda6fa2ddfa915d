// What the App and the workers need from a shared job queue (XIHE_QUEUE), so the core never names
// BullMQ: the App adds a triage job per recorded delivery; triage adds a run job per queued run;
// `/xihe stop` reaches whichever worker holds the run. The store stays the record of truth: a job
// only says "look at this delivery/run", and one lost in the queue is added again from the store.

export type QueueJob =
  | { kind: "triage"; deliveryId: string; installationId: number | null }
  | { kind: "run"; runId: string; installationId: number | null };

export interface JobQueue {
  /** Adds the job unless one for the same delivery/run is already waiting or held. */
  add(job: QueueJob): Promise<void>;
  /** Adds triage jobs as `add` does, in one round trip (the App's deliveries of one moment). */
  addTriage(jobs: Extract<QueueJob, { kind: "triage" }>[]): Promise<void>;
  /** Tells every worker to abort this run if it holds it (the store already says cancelled). */
  cancel(runId: string): Promise<void>;
  /** Jobs not yet taken (waiting, prioritized or delayed), per queue; fails when the queue is away. */
  waiting(): Promise<{ triage: number; runs: number }>;
  close(): Promise<void>;
}
