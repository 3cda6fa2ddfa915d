// The runs table of the SQLite store: one queued/running run per (repo, pr, head, verb), claimed
// by one worker at a time. Read-then-write transactions are IMMEDIATE: with several processes on
// one WAL file a deferred one can fail with "database is locked" without waiting (busy_timeout).
import type Database from "better-sqlite3";
import { conditions } from "./sql-conditions.ts";
import { json } from "./json-column.ts";
import { rowToRun, type RunRow } from "./store-rows.ts";
import type { CreateRunResult, NewRun, RunClaim, RunPatch, RunRecord, RunStatus, Store } from "./store.ts";

type RunMethods = Pick<
  Store,
  "createRun" | "getRun" | "listRuns" | "claimNextRun" | "claimRun" | "updateHeldRun" | "updateRun"
>;

const activeStatuses: readonly RunStatus[] = ["queued", "running"];

const activeKey = (r: Pick<RunRecord, "repo" | "pr" | "headSha" | "verb">): string =>
  `${r.repo}#${r.pr ?? "-"}@${r.headSha}:${r.verb}`;

export function createSqliteRuns(db: Database.Database): RunMethods {
  const getRunStmt = db.prepare<[string], RunRow>("SELECT * FROM runs WHERE id = ?");

  function requireRun(id: string): RunRecord {
    const row = getRunStmt.get(id);
    if (!row) throw new Error(`run ${id} does not exist`);
    return rowToRun(row);
  }

  const insertRun = db.transaction((run: NewRun, id: string, now: string): CreateRunResult => {
    const key = activeKey(run);
    const existing = db.prepare<[string], RunRow>("SELECT * FROM runs WHERE active_key = ?").get(key);
    if (existing) return { created: false, existing: rowToRun(existing) };
    insertRunRow(db, run, { id, now, key });
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

  // Read and write in one IMMEDIATE transaction: no other process writes between the two.
  const claimOne = db.transaction((id: string, c: RunClaim): RunRecord | null => {
    const row = getRunStmt.get(id);
    if (!row) return null;
    const run = rowToRun(row);
    const expected =
      c.from === null ? run.status === "queued" : run.status === "running" && run.workerId === c.from;
    if (!expected) return null;
    writeRun(db, id, {
      ...run,
      status: "running",
      workerId: c.workerId,
      startedAt: run.startedAt ?? c.at,
      context: c.context === undefined ? run.context : c.context,
      reason: c.reason === undefined ? run.reason : c.reason,
    });
    return requireRun(id);
  });

  const updateHeld = db.transaction(
    (id: string, workerId: string | null, patch: RunPatch): RunRecord | null => {
      const row = getRunStmt.get(id);
      if (!row || row.status !== "running" || row.worker_id !== workerId) return null;
      writeRun(db, id, { ...rowToRun(row), ...patch });
      return requireRun(id);
    },
  );

  return {
    async createRun(run, ids) {
      return insertRun.immediate(run, ids.id, ids.now);
    },
    async getRun(id) {
      const row = getRunStmt.get(id);
      return row ? rowToRun(row) : null;
    },
    async listRuns(filter) {
      return listRunRows(db, filter);
    },
    async claimNextRun(workerId, now) {
      return claim.immediate(workerId, now);
    },
    async claimRun(id, claim) {
      return claimOne.immediate(id, claim);
    },
    async updateHeldRun(id, workerId, patch) {
      return updateHeld.immediate(id, workerId, patch);
    },
    async updateRun(id, patch) {
      writeRun(db, id, { ...requireRun(id), ...patch });
      return requireRun(id);
    },
  };
}

function insertRunRow(
  db: Database.Database,
  run: NewRun,
  ids: { id: string; now: string; key: string },
): void {
  db.prepare(
    `INSERT INTO runs (id, installation_id, repo, pr, head_sha, verb, args, trigger, requester, status,
       worker_id, started_at, created_at, budget, spend, context, active_key)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '{}', ?, ?)`,
  ).run(
    ids.id,
    run.installationId,
    run.repo,
    run.pr,
    run.headSha,
    run.verb,
    run.args,
    run.trigger,
    run.requester,
    run.startedBy === undefined ? "queued" : "running",
    run.startedBy ?? null,
    run.startedBy === undefined ? null : ids.now,
    ids.now,
    json(run.budget),
    json(run.context),
    ids.key,
  );
}

function listRunRows(db: Database.Database, filter: Parameters<Store["listRuns"]>[0]): RunRecord[] {
  const { where, params, add } = conditions();
  if (filter.repo !== undefined) add("repo = ?", filter.repo);
  if (filter.pr !== undefined) add("pr = ?", filter.pr);
  if (filter.endedSince !== undefined) add("ended_at >= ?", filter.endedSince);
  if (filter.status?.length) add(`status IN (${filter.status.map(() => "?").join(", ")})`, ...filter.status);
  const sql = `SELECT * FROM runs ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
    ORDER BY created_at DESC, rowid DESC LIMIT ?`;
  return db
    .prepare<(string | number)[], RunRow>(sql)
    .all(...params, filter.limit ?? 50)
    .map(rowToRun);
}

/** Writes the run's mutable columns; a run that is no longer active frees its active key. */
function writeRun(db: Database.Database, id: string, next: RunRecord): void {
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
}
