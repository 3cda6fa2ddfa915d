// Versioned schema of the PostgreSQL store. Append a migration, never edit a shipped one: the
// xihe_schema_migrations table records which versions a database has. Times and JSON are TEXT as in
// the SQLite store, so both read back the same values (JSON text passes the redactor before it is
// written); `seq` keeps insertion order for ties on created_at.
export const postgresMigrations: readonly string[] = [
  `
  CREATE TABLE deliveries (
    id TEXT PRIMARY KEY,
    event TEXT NOT NULL,
    action TEXT,
    received_at TEXT NOT NULL
  );
  CREATE TABLE runs (
    seq BIGSERIAL UNIQUE,
    id TEXT PRIMARY KEY,
    installation_id BIGINT,
    repo TEXT NOT NULL,
    pr INTEGER,
    head_sha TEXT NOT NULL,
    verb TEXT NOT NULL,
    args TEXT NOT NULL,
    trigger TEXT NOT NULL,
    requester TEXT NOT NULL,
    status TEXT NOT NULL,
    reason TEXT,
    created_at TEXT NOT NULL,
    started_at TEXT,
    ended_at TEXT,
    worker_id TEXT,
    not_before TEXT,
    budget TEXT NOT NULL,
    spend TEXT NOT NULL,
    context TEXT NOT NULL
  );
  -- One active run per (repo, PR, head SHA, verb), kept by the database across processes:
  -- createRun inserts with ON CONFLICT on this index. A PR-less run uses pr -1 in the key.
  CREATE UNIQUE INDEX runs_one_active ON runs (repo, (COALESCE(pr, -1)), head_sha, verb)
    WHERE status IN ('queued', 'running');
  CREATE INDEX runs_queued ON runs (created_at, seq) WHERE status = 'queued';
  CREATE INDEX runs_repo_pr ON runs (repo, pr, created_at);
  CREATE INDEX runs_status ON runs (status, created_at);
  CREATE INDEX runs_ended ON runs (ended_at);
  CREATE TABLE steps (
    run_id TEXT NOT NULL REFERENCES runs(id),
    step_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    status TEXT NOT NULL,
    input TEXT NOT NULL,
    output TEXT NOT NULL,
    error TEXT,
    started_at TEXT NOT NULL,
    ended_at TEXT,
    PRIMARY KEY (run_id, step_id)
  );
  CREATE TABLE audit (
    seq BIGSERIAL PRIMARY KEY,
    at TEXT NOT NULL,
    actor TEXT NOT NULL,
    action TEXT NOT NULL,
    repo TEXT NOT NULL,
    run_id TEXT,
    params TEXT NOT NULL,
    result TEXT NOT NULL
  );
  CREATE INDEX audit_repo ON audit (repo, seq);
  CREATE INDEX audit_run ON audit (run_id, seq);
  -- The audit log is append-only for everyone, this store's own code included.
  CREATE FUNCTION xihe_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    RAISE EXCEPTION 'the audit log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
  END $$;
  CREATE TRIGGER audit_append_only BEFORE UPDATE OR DELETE ON audit
    FOR EACH ROW EXECUTE FUNCTION xihe_audit_append_only();
  CREATE TRIGGER audit_no_truncate BEFORE TRUNCATE ON audit
    FOR EACH STATEMENT EXECUTE FUNCTION xihe_audit_append_only();
  CREATE TABLE triage_jobs (
    seq BIGSERIAL UNIQUE,
    delivery_id TEXT PRIMARY KEY REFERENCES deliveries(id),
    event TEXT NOT NULL,
    action TEXT,
    installation_id BIGINT,
    payload TEXT NOT NULL,
    status TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    not_before TEXT,
    worker_id TEXT,
    steps TEXT NOT NULL DEFAULT '{}',
    error TEXT,
    received_at TEXT NOT NULL,
    ended_at TEXT
  );
  CREATE INDEX triage_jobs_queued ON triage_jobs (received_at, seq) WHERE status = 'queued';
  CREATE TABLE redelivery_requests (
    guid TEXT PRIMARY KEY,
    delivery_id BIGINT NOT NULL,
    requested_at TEXT NOT NULL
  );
  CREATE TABLE api_tokens (
    id TEXT PRIMARY KEY,
    secret_hash TEXT NOT NULL UNIQUE,
    repo_pattern TEXT NOT NULL,
    scope TEXT NOT NULL,
    label TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT
  );
  CREATE TABLE api_idempotency_keys (
    token_id TEXT NOT NULL REFERENCES api_tokens(id),
    key TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    run_id TEXT NOT NULL REFERENCES runs(id),
    created_at TEXT NOT NULL,
    PRIMARY KEY (token_id, key)
  );
  `,
  // The alert outbox (postgres-alert-outbox.ts): alerts waiting to be planned, and the messages
  // planned from them until a channel took each one.
  `
  CREATE TABLE alert_events (
    seq BIGSERIAL PRIMARY KEY,
    channel TEXT NOT NULL,
    cause TEXT NOT NULL,
    run_id TEXT NOT NULL,
    event TEXT NOT NULL,
    policy TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'pending',
    message_id TEXT,
    planned_at TEXT
  );
  CREATE INDEX alert_events_pending ON alert_events (seq) WHERE state = 'pending';
  CREATE INDEX alert_events_planned ON alert_events (planned_at);
  CREATE TABLE alert_messages (
    id TEXT PRIMARY KEY,
    channel TEXT NOT NULL,
    body TEXT NOT NULL,
    status TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    not_before TEXT NOT NULL,
    created_at TEXT NOT NULL,
    sent_at TEXT,
    last_error TEXT
  );
  CREATE INDEX alert_messages_due ON alert_messages (status, not_before);
  `,
  // Dependency upgrades on the App (issue 14): `/xihe ignore` rules per repository ('' version
  // unless scope is 'version': it is part of the key), and each repository's next scheduled time.
  `
  CREATE TABLE upgrade_ignores (
    repo TEXT NOT NULL,
    name TEXT NOT NULL,
    scope TEXT NOT NULL,
    version TEXT NOT NULL,
    created_by TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (repo, name, scope, version)
  );
  CREATE TABLE schedule_slots (
    key TEXT PRIMARY KEY,
    next_at TEXT NOT NULL
  );
  `,
];
