// Versioned schema of the SQLite store. Append a migration, never edit a shipped one:
// `user_version` records how far a database file has come.
export const sqliteMigrations: readonly string[] = [
  `
  CREATE TABLE installations (
    id INTEGER PRIMARY KEY,
    account TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE TABLE repos (
    full_name TEXT PRIMARY KEY,
    installation_id INTEGER,
    default_branch TEXT,
    created_at TEXT NOT NULL
  );
  CREATE TABLE deliveries (
    id TEXT PRIMARY KEY,
    event TEXT NOT NULL,
    action TEXT,
    received_at TEXT NOT NULL
  );
  CREATE TABLE runs (
    id TEXT PRIMARY KEY,
    installation_id INTEGER,
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
    budget TEXT NOT NULL,
    spend TEXT NOT NULL,
    context TEXT NOT NULL,
    -- Non-null only while queued or running: the unique index below makes "one active run per
    -- (repo, PR, head SHA, verb)" a property of the database, not of the caller.
    active_key TEXT
  );
  CREATE UNIQUE INDEX runs_active_key ON runs(active_key);
  CREATE INDEX runs_repo_pr ON runs(repo, pr, created_at);
  CREATE INDEX runs_status ON runs(status, created_at);
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
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    at TEXT NOT NULL,
    actor TEXT NOT NULL,
    action TEXT NOT NULL,
    repo TEXT NOT NULL,
    run_id TEXT,
    params TEXT NOT NULL,
    result TEXT NOT NULL
  );
  CREATE INDEX audit_repo ON audit(repo, seq);
  CREATE INDEX audit_run ON audit(run_id, seq);
  `,
  // A run parked by a rate limit waits until not_before (threat model A33).
  `ALTER TABLE runs ADD COLUMN not_before TEXT;`,
  // The webhook path only records a delivery and queues its triage (issue 19): everything that needs
  // GitHub happens later in the worker, so a slow GitHub never holds a webhook answer.
  `
  CREATE TABLE triage_jobs (
    delivery_id TEXT PRIMARY KEY REFERENCES deliveries(id),
    event TEXT NOT NULL,
    action TEXT,
    installation_id INTEGER,
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
  CREATE INDEX triage_jobs_status ON triage_jobs(status, received_at);
  -- Redeliveries Xihe asked GitHub for, by delivery GUID: each is requested at most once.
  CREATE TABLE redelivery_requests (
    guid TEXT PRIMARY KEY,
    delivery_id INTEGER NOT NULL,
    requested_at TEXT NOT NULL
  );
  `,
  // HTTP API (issue 16): bearer tokens, kept only as a SHA-256 of the secret, and the run each
  // Idempotency-Key of a token started (same key, same run).
  `
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
  CREATE INDEX runs_ended ON runs(ended_at);
  `,
  // The audit log is append-only for everyone, this store's own code included (as in PostgreSQL).
  `
  CREATE TRIGGER audit_no_update BEFORE UPDATE ON audit
    BEGIN SELECT RAISE(ABORT, 'the audit log is append-only: UPDATE refused'); END;
  CREATE TRIGGER audit_no_delete BEFORE DELETE ON audit
    BEGIN SELECT RAISE(ABORT, 'the audit log is append-only: DELETE refused'); END;
  `,
  // Dependency upgrades on the App (issue 14): `/xihe ignore` rules per repository, and the next
  // time of each repository's `deps.schedule`, moved compare-and-set so a restart runs a slot once.
  `
  CREATE TABLE upgrade_ignores (
    repo TEXT NOT NULL,
    name TEXT NOT NULL,
    scope TEXT NOT NULL,
    -- '' unless scope is 'version' (a primary key column cannot be NULL usefully).
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
