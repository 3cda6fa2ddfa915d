// Persistence behind one small interface: SQLite by default (sqlite-store.ts), PostgreSQL when
// several workers share state. Every method is async so both fit; JSON columns hold plain data.
export type RunStatus = "queued" | "running" | "succeeded" | "failed" | "cancelled" | "needs_input";
export type RunVerb =
  "fix" | "suggest" | "explain" | "ask" | "apply" | "undo" | "diagnose" | "workflow" | "upgrade";
/** "push": a push to the PR branch (re-verifying suggestions it committed); "schedule": `deps.schedule`. */
export type RunTrigger =
  "comment" | "label" | "check_run" | "workflow_run" | "cli" | "api" | "push" | "schedule";
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface RunRecord {
  id: string;
  installationId: number | null;
  /** "owner/name" */
  repo: string;
  pr: number | null;
  headSha: string;
  verb: RunVerb;
  args: string;
  trigger: RunTrigger;
  requester: string;
  status: RunStatus;
  /** Why it ended (failed / cancelled / needs_input), shown to the user. */
  reason: string | null;
  createdAt: string;
  startedAt: string | null;
  endedAt: string | null;
  /** Set while a worker owns it; cleared when it ends. */
  workerId: string | null;
  /** A queued run is not claimed before this time (rate-limit parking). */
  notBefore: string | null;
  budget: Json;
  spend: Json;
  /** Trigger details the worker needs (comment id, fork, ...). */
  context: Json;
}

export type NewRun = Pick<
  RunRecord,
  | "installationId"
  | "repo"
  | "pr"
  | "headSha"
  | "verb"
  | "args"
  | "trigger"
  | "requester"
  | "budget"
  | "context"
> & {
  /**
   * Recorded as already running under this worker id: the record of work done inside another run
   * (an upgrade group's verification), never queued, so no worker claims it or takes it over.
   */
  startedBy?: string;
};

export type StepStatus = "running" | "succeeded" | "failed";

export interface StepRecord {
  runId: string;
  /** Unique within a run and deterministic (e.g. "perceive", "comment:status", "push:1"). */
  stepId: string;
  kind: string;
  status: StepStatus;
  input: Json;
  output: Json;
  error: string | null;
  startedAt: string;
  endedAt: string | null;
}

export interface AuditEvent {
  at: string;
  actor: string;
  action: string;
  repo: string;
  runId: string | null;
  params: Json;
  result: Json;
}

export type TriageStatus = "queued" | "running" | "done" | "failed";

/** A verified webhook delivery waiting for (or done with) its triage in the worker. */
export interface TriageJob {
  deliveryId: string;
  event: string;
  action: string | null;
  installationId: number | null;
  /** The payload fields the triage reads (already trimmed by the handler's schema). */
  payload: Json;
  status: TriageStatus;
  /** Failed attempts so far (a rate-limit park does not count). */
  attempts: number;
  notBefore: string | null;
  workerId: string | null;
  /** Outputs of the side effects already done, by key, so a retried triage never repeats one. */
  steps: Record<string, Json>;
  error: string | null;
  receivedAt: string;
  endedAt: string | null;
}

export type NewDelivery = Pick<
  TriageJob,
  "deliveryId" | "event" | "action" | "installationId" | "payload" | "receivedAt"
>;

export type ApiScope = "read" | "run" | "approve";

/** A bearer token of the HTTP API; only a hash of its secret is kept. */
export interface ApiToken {
  id: string;
  secretHash: string;
  /** "owner/name" glob: `*` matches within one path segment ("octo/*", "*\/*", "octo/app"). */
  repoPattern: string;
  scope: ApiScope;
  label: string;
  createdAt: string;
  expiresAt: string | null;
}

/** The run an Idempotency-Key of a token started, and a hash of the request that started it. */
export interface IdempotentRequest {
  tokenId: string;
  key: string;
  requestHash: string;
  runId: string;
  createdAt: string;
}

/** A `/xihe ignore` rule of one repository: the upgrades it names are never planned there. */
export interface UpgradeIgnore {
  /** "owner/name" */
  repo: string;
  /** The package name as the manifest spells it. */
  name: string;
  scope: "all" | "major" | "minor" | "version";
  /** The ignored version (scope "version"); otherwise null. */
  version: string | null;
  createdBy: string;
  createdAt: string;
}

/** The fields of a run updateRun and updateHeldRun may change. */
export type RunPatch = Partial<
  Pick<
    RunRecord,
    "status" | "reason" | "startedAt" | "endedAt" | "workerId" | "notBefore" | "spend" | "context"
  >
>;

/** What `Store.claimTriage` expects a triage job to be. */
export interface TriageClaim {
  workerId: string;
  /** The worker the caller saw holding the job; null: the job must still be queued. */
  from: string | null;
}

/** What `Store.claimRun` expects a run to be and what it writes when it is. */
export interface RunClaim {
  workerId: string;
  /** The worker the caller saw holding the run; null: the run must still be queued. */
  from: string | null;
  /** The run's startedAt when it has none yet. */
  at: string;
  /** Replaces the run's context (a takeover counts its resumes there). */
  context?: Json;
  /** Replaces the run's reason. */
  reason?: string | null;
}

export type CreateRunResult = { created: true; run: RunRecord } | { created: false; existing: RunRecord };

export interface Store {
  /**
   * Records a delivery id and queues its triage in one transaction. True the first time the id is
   * seen; false for a redelivery or a concurrent duplicate (nothing is queued then).
   */
  enqueueDelivery(delivery: NewDelivery): Promise<boolean>;
  /** True when a delivery with this GUID was recorded. */
  hasDelivery(id: string): Promise<boolean>;
  /** Atomically moves the oldest claimable queued triage job to running for this worker. */
  claimNextTriage(workerId: string, now: string): Promise<TriageJob | null>;
  getTriage(deliveryId: string): Promise<TriageJob | null>;
  /**
   * Compare-and-set claim of one named triage job (a queue worker's): running under `workerId` only
   * if it is still as the caller read it (queued, or running under `from`, a dead worker). Null when
   * another worker moved it first, so two workers never both triage one delivery.
   */
  claimTriage(deliveryId: string, claim: TriageClaim): Promise<TriageJob | null>;
  updateTriage(
    deliveryId: string,
    patch: Partial<
      Pick<TriageJob, "status" | "attempts" | "notBefore" | "workerId" | "steps" | "error" | "endedAt">
    >,
  ): Promise<TriageJob>;
  listTriage(filter: { status?: TriageStatus[]; limit?: number }): Promise<TriageJob[]>;
  /** True the first time a redelivery of this GUID is recorded as requested. */
  recordRedeliveryRequest(request: {
    guid: string;
    deliveryId: number;
    requestedAt: string;
  }): Promise<boolean>;
  hasRedeliveryRequest(guid: string): Promise<boolean>;
  /** At most one queued/running run per (repo, pr, headSha, verb): a second request gets the existing one. */
  createRun(run: NewRun, ids: { id: string; now: string }): Promise<CreateRunResult>;
  getRun(id: string): Promise<RunRecord | null>;
  listRuns(filter: {
    repo?: string;
    pr?: number;
    status?: RunStatus[];
    /** Runs that ended at or after this ISO time. */
    endedSince?: string;
    limit?: number;
  }): Promise<RunRecord[]>;
  /** Atomically moves the oldest claimable queued run (notBefore passed) to running for this worker. */
  claimNextRun(workerId: string, now: string): Promise<RunRecord | null>;
  /**
   * Compare-and-set claim of one run (a queue job names it): running under `claim.workerId`, only
   * while it is still as the caller read it: `queued`, or `running` under `from` (a dead worker's
   * run taken over). Null when another worker moved it first, so two workers never both hold it.
   */
  claimRun(id: string, claim: RunClaim): Promise<RunRecord | null>;
  /**
   * updateRun only while the run is still running under `workerId` (compare-and-set): a run stopped,
   * ended or taken over meanwhile is left as it is, and null returned. What a holder parks, hands
   * back or ends its run with.
   */
  updateHeldRun(id: string, workerId: string | null, patch: RunPatch): Promise<RunRecord | null>;
  updateRun(id: string, patch: RunPatch): Promise<RunRecord>;
  getStep(runId: string, stepId: string): Promise<StepRecord | null>;
  listSteps(runId: string): Promise<StepRecord[]>;
  /** Inserts or restarts a step as running (a failed or interrupted step may be retried). */
  startStep(step: Pick<StepRecord, "runId" | "stepId" | "kind" | "input" | "startedAt">): Promise<StepRecord>;
  finishStep(
    runId: string,
    stepId: string,
    result: { status: "succeeded" | "failed"; output: Json; error: string | null; endedAt: string },
  ): Promise<StepRecord>;
  addAudit(event: AuditEvent): Promise<void>;
  listAudit(filter: { repo?: string; runId?: string; limit?: number }): Promise<AuditEvent[]>;
  createApiToken(token: ApiToken): Promise<void>;
  findApiToken(secretHash: string): Promise<ApiToken | null>;
  getIdempotentRequest(tokenId: string, key: string): Promise<IdempotentRequest | null>;
  /** Records the key's run unless the key is already bound; returns the binding that holds. */
  bindIdempotentRequest(request: IdempotentRequest): Promise<IdempotentRequest>;
  /** Resolves when the store answers a trivial query; throws why not (readiness checks). */
  ping(): Promise<void>;
  /** Records a `/xihe ignore` rule; the same rule again only refreshes who set it and when. */
  addUpgradeIgnore(rule: UpgradeIgnore): Promise<void>;
  listUpgradeIgnores(repo: string): Promise<UpgradeIgnore[]>;
  /** When the schedule under `key` runs next (ISO time), or null when it was never planned. */
  getScheduleSlot(key: string): Promise<string | null>;
  /**
   * Compare-and-set: moves `key` from `expected` (null: absent) to `next`. False when another process
   * (or an earlier life of this one) moved it first, so exactly one caller acts on each slot.
   */
  moveScheduleSlot(key: string, expected: string | null, next: string): Promise<boolean>;
  close(): Promise<void>;
}
