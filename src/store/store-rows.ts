// Row shapes of the store tables (SQLite and PostgreSQL use the same column names) and their mapping
// to the store's records. JSON columns are parsed here; a corrupt value is an error naming the column.
import type {
  ApiScope,
  ApiToken,
  AuditEvent,
  IdempotentRequest,
  Json,
  RunRecord,
  RunStatus,
  RunTrigger,
  RunVerb,
  StepRecord,
  StepStatus,
  TriageJob,
  TriageStatus,
  UpgradeIgnore,
} from "./store.ts";

export interface RunRow {
  id: string;
  installation_id: number | null;
  repo: string;
  pr: number | null;
  head_sha: string;
  verb: string;
  args: string;
  trigger: string;
  requester: string;
  status: string;
  reason: string | null;
  created_at: string;
  started_at: string | null;
  ended_at: string | null;
  worker_id: string | null;
  not_before: string | null;
  budget: string;
  spend: string;
  context: string;
}

export interface StepRow {
  run_id: string;
  step_id: string;
  kind: string;
  status: string;
  input: string;
  output: string;
  error: string | null;
  started_at: string;
  ended_at: string | null;
}

export interface AuditRow {
  at: string;
  actor: string;
  action: string;
  repo: string;
  run_id: string | null;
  params: string;
  result: string;
}

export interface TriageRow {
  delivery_id: string;
  event: string;
  action: string | null;
  installation_id: number | null;
  payload: string;
  status: string;
  attempts: number;
  not_before: string | null;
  worker_id: string | null;
  steps: string;
  error: string | null;
  received_at: string;
  ended_at: string | null;
}

function parseJson(text: string, column: string): Json {
  try {
    return JSON.parse(text) as Json;
  } catch (err) {
    throw new Error(`store column ${column} holds invalid JSON`, { cause: err });
  }
}

export function rowToRun(r: RunRow): RunRecord {
  return {
    id: r.id,
    installationId: r.installation_id,
    repo: r.repo,
    pr: r.pr,
    headSha: r.head_sha,
    // Written only by this store from the typed unions, so reading them back is safe.
    verb: r.verb as RunVerb,
    args: r.args,
    trigger: r.trigger as RunTrigger,
    requester: r.requester,
    status: r.status as RunStatus,
    reason: r.reason,
    createdAt: r.created_at,
    startedAt: r.started_at,
    endedAt: r.ended_at,
    workerId: r.worker_id,
    notBefore: r.not_before,
    budget: parseJson(r.budget, "runs.budget"),
    spend: parseJson(r.spend, "runs.spend"),
    context: parseJson(r.context, "runs.context"),
  };
}

export function rowToStep(r: StepRow): StepRecord {
  return {
    runId: r.run_id,
    stepId: r.step_id,
    kind: r.kind,
    status: r.status as StepStatus,
    input: parseJson(r.input, "steps.input"),
    output: parseJson(r.output, "steps.output"),
    error: r.error,
    startedAt: r.started_at,
    endedAt: r.ended_at,
  };
}

export function rowToAudit(r: AuditRow): AuditEvent {
  return {
    at: r.at,
    actor: r.actor,
    action: r.action,
    repo: r.repo,
    runId: r.run_id,
    params: parseJson(r.params, "audit.params"),
    result: parseJson(r.result, "audit.result"),
  };
}

export function rowToTriage(r: TriageRow): TriageJob {
  const steps = parseJson(r.steps, "triage_jobs.steps");
  return {
    deliveryId: r.delivery_id,
    event: r.event,
    action: r.action,
    installationId: r.installation_id,
    payload: parseJson(r.payload, "triage_jobs.payload"),
    // Written only by this store from the typed union.
    status: r.status as TriageStatus,
    attempts: r.attempts,
    notBefore: r.not_before,
    workerId: r.worker_id,
    steps: steps !== null && typeof steps === "object" && !Array.isArray(steps) ? steps : {},
    error: r.error,
    receivedAt: r.received_at,
    endedAt: r.ended_at,
  };
}

export interface TokenRow {
  id: string;
  secret_hash: string;
  repo_pattern: string;
  scope: string;
  label: string;
  created_at: string;
  expires_at: string | null;
}

export interface KeyRow {
  token_id: string;
  key: string;
  request_hash: string;
  run_id: string;
  created_at: string;
}

const scopes: readonly string[] = ["read", "run", "approve"] satisfies ApiScope[];

export function rowToToken(r: TokenRow): ApiToken {
  if (!scopes.includes(r.scope)) throw new Error(`store column api_tokens.scope holds ${r.scope}`);
  return {
    id: r.id,
    secretHash: r.secret_hash,
    repoPattern: r.repo_pattern,
    scope: r.scope as ApiScope,
    label: r.label,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
  };
}

export const rowToKey = (r: KeyRow): IdempotentRequest => ({
  tokenId: r.token_id,
  key: r.key,
  requestHash: r.request_hash,
  runId: r.run_id,
  createdAt: r.created_at,
});

/** An `upgrade_ignores` row; `version` is '' unless the scope is `version` (it is in the key). */
export interface UpgradeIgnoreRow {
  repo: string;
  name: string;
  scope: UpgradeIgnore["scope"];
  version: string;
  created_by: string;
  created_at: string;
}

export function rowToUpgradeIgnore(row: UpgradeIgnoreRow): UpgradeIgnore {
  return {
    repo: row.repo,
    name: row.name,
    scope: row.scope,
    version: row.version === "" ? null : row.version,
    createdBy: row.created_by,
    createdAt: row.created_at,
  };
}
