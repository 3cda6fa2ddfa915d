// The default store: one SQLite file (WAL), enough for one process serving a team.
import Database from "better-sqlite3";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { redactText } from "../redact.ts";
import { sqliteMigrations } from "./sqlite-migrations.ts";
import { createSqliteDeliveries } from "./sqlite-deliveries.ts";
import { rowToAudit, rowToRun, rowToStep, type AuditRow, type RunRow, type StepRow } from "./sqlite-rows.ts";
import type { AuditEvent, CreateRunResult, Json, NewRun, RunRecord, RunStatus, Store } from "./store.ts";

const activeStatuses: readonly RunStatus[] = ["queued", "running"];

export function openSqliteStore(path: string): Store {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("busy_timeout = 5000");
  db.pragma("foreign_keys = ON");
  migrate(db);
  return createSqliteStore(db);
}

function migrate(db: Database.Database): void {
  const version = Number(db.pragma("user_version", { simple: true }));
  for (let v = version; v < sqliteMigrations.length; v++) {
    db.transaction(() => {
      db.exec(sqliteMigrations[v]!);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
}

// Stored records never hold a secret: every JSON column and error text passes the redactor.
const json = (value: Json): string => redactText(JSON.stringify(value));
const activeKey = (r: Pick<RunRecord, "repo" | "pr" | "headSha" | "verb">): string =>
  `${r.repo}#${r.pr ?? "-"}@${r.headSha}:${r.verb}`;

function conditions() {
  const where: string[] = [];
  const params: (string | number)[] = [];
  const add = (clause: string, ...values: (string | number)[]) => {
    where.push(clause);
    params.push(...values);
  };
  return { where, params, add };
}

function createSqliteStore(db: Database.Database): Store {
  const getRunStmt = db.prepare<[string], RunRow>("SELECT * FROM runs WHERE id = ?");
  const getStepStmt = db.prepare<[string, string], StepRow>(
    "SELECT * FROM steps WHERE run_id = ? AND step_id = ?",
  );

  function requireRun(id: string): RunRecord {
    const row = getRunStmt.get(id);
    if (!row) throw new Error(`run ${id} does not exist`);
    return rowToRun(row);
  }

  const insertRun = db.transaction((run: NewRun, id: string, now: string): CreateRunResult => {
    const key = activeKey(run);
    const existing = db.prepare<[string], RunRow>("SELECT * FROM runs WHERE active_key = ?").get(key);
    if (existing) return { created: false, existing: rowToRun(existing) };
    db.prepare(
      `INSERT INTO runs (id, installation_id, repo, pr, head_sha, verb, args, trigger, requester, status,
         created_at, budget, spend, context, active_key)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'queued', ?, ?, '{}', ?, ?)`,
    ).run(
      id,
      run.installationId,
      run.repo,
      run.pr,
      run.headSha,
      run.verb,
      run.args,
      run.trigger,
      run.requester,
      now,
      json(run.budget),
      json(run.context),
      key,
    );
    return { created: true, run: requireRun(id) };
  });

  const claim = db.transaction((workerId: string, now: string): RunRecord | null => {
    const row = db
      .prepare<[string], RunRow>(
        `SELECT * FROM runs WHERE status = 'queued' AND (not_before IS NULL OR not_before <= ?)
         ORDER BY created_at, rowid LIMIT 1`,
      )
      .get(now);
    if (!row) return null;
    db.prepare(
      "UPDATE runs SET status = 'running', worker_id = ?, started_at = COALESCE(started_at, ?) WHERE id = ?",
    ).run(workerId, now, row.id);
    return requireRun(row.id);
  });

  return {
    ...createSqliteDeliveries(db),
    async createRun(run, ids) {
      return insertRun(run, ids.id, ids.now);
    },
    async getRun(id) {
      const row = getRunStmt.get(id);
      return row ? rowToRun(row) : null;
    },
    async listRuns(filter) {
      const { where, params, add } = conditions();
      if (filter.repo !== undefined) add("repo = ?", filter.repo);
      if (filter.pr !== undefined) add("pr = ?", filter.pr);
      if (filter.status?.length)
        add(`status IN (${filter.status.map(() => "?").join(", ")})`, ...filter.status);
      const sql = `SELECT * FROM runs ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
        ORDER BY created_at DESC, rowid DESC LIMIT ?`;
      return db
        .prepare<(string | number)[], RunRow>(sql)
        .all(...params, filter.limit ?? 50)
        .map(rowToRun);
    },
    async claimNextRun(workerId, now) {
      return claim(workerId, now);
    },
    async updateRun(id, patch) {
      const current = requireRun(id);
      const next = { ...current, ...patch };
      const stillActive = activeStatuses.includes(next.status);
      db.prepare(
        `UPDATE runs SET status = ?, reason = ?, started_at = ?, ended_at = ?, worker_id = ?, not_before = ?, spend = ?,
           context = ?, active_key = ? WHERE id = ?`,
      ).run(
        next.status,
        next.reason,
        next.startedAt,
        next.endedAt,
        next.workerId,
        next.notBefore,
        json(next.spend),
        json(next.context),
        stillActive ? activeKey(next) : null,
        id,
      );
      return requireRun(id);
    },
    async getStep(runId, stepId) {
      const row = getStepStmt.get(runId, stepId);
      return row ? rowToStep(row) : null;
    },
    async listSteps(runId) {
      return db
        .prepare<[string], StepRow>("SELECT * FROM steps WHERE run_id = ? ORDER BY seq")
        .all(runId)
        .map(rowToStep);
    },
    async startStep(step) {
      db.prepare(
        `INSERT INTO steps (run_id, step_id, seq, kind, status, input, output, error, started_at)
         VALUES (?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM steps WHERE run_id = ?), ?, 'running', ?, 'null', NULL, ?)
         ON CONFLICT (run_id, step_id) DO UPDATE SET status = 'running', input = excluded.input, error = NULL,
           started_at = excluded.started_at, ended_at = NULL`,
      ).run(step.runId, step.stepId, step.runId, step.kind, json(step.input), step.startedAt);
      return rowToStep(getStepStmt.get(step.runId, step.stepId)!);
    },
    async finishStep(runId, stepId, result) {
      const info = db
        .prepare(
          "UPDATE steps SET status = ?, output = ?, error = ?, ended_at = ? WHERE run_id = ? AND step_id = ?",
        )
        .run(
          result.status,
          json(result.output),
          result.error === null ? null : redactText(result.error),
          result.endedAt,
          runId,
          stepId,
        );
      if (info.changes !== 1) throw new Error(`step ${runId}/${stepId} was never started`);
      return rowToStep(getStepStmt.get(runId, stepId)!);
    },
    async addAudit(e: AuditEvent) {
      db.prepare(
        "INSERT INTO audit (at, actor, action, repo, run_id, params, result) VALUES (?, ?, ?, ?, ?, ?, ?)",
      ).run(e.at, e.actor, e.action, e.repo, e.runId, json(e.params), json(e.result));
    },
    async listAudit(filter) {
      const { where, params, add } = conditions();
      if (filter.repo !== undefined) add("repo = ?", filter.repo);
      if (filter.runId !== undefined) add("run_id = ?", filter.runId);
      const sql = `SELECT * FROM audit ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY seq LIMIT ?`;
      return db
        .prepare<(string | number)[], AuditRow>(sql)
        .all(...params, filter.limit ?? 200)
        .map(rowToAudit);
    },
    async close() {
      db.close();
    },
  } satisfies Store;
}
