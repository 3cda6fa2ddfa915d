// The runs table of the PostgreSQL store. One active run per (repo, pr, head, verb) is the partial
// unique index runs_one_active; createRun inserts with ON CONFLICT DO NOTHING on it, so concurrent
// processes asking for the same run get one row. Claims lock with FOR UPDATE SKIP LOCKED.
import { json } from "./json-column.ts";
import type { PgDb } from "./postgres-pool.ts";
import { pgParams } from "./postgres-params.ts";
import { rowToRun, type RunRow } from "./store-rows.ts";
import type { CreateRunResult, NewRun, RunPatch, RunRecord, Store } from "./store.ts";

type RunMethods = Pick<
  Store,
  "createRun" | "getRun" | "listRuns" | "claimNextRun" | "claimRun" | "updateHeldRun" | "updateRun"
>;

// A conflicting run can end between our INSERT and our SELECT; then the insert is tried again.
const createAttempts = 5;

export function createPostgresRuns(db: PgDb): RunMethods {
  const getRun = async (id: string): Promise<RunRecord | null> => {
    const [row] = await db.query<RunRow>("SELECT * FROM runs WHERE id = $1", [id]);
    return row ? rowToRun(row) : null;
  };

  async function createRun(run: NewRun, ids: { id: string; now: string }): Promise<CreateRunResult> {
    for (let attempt = 0; attempt < createAttempts; attempt++) {
      const [inserted] = await insertRun(db, run, ids);
      if (inserted) return { created: true, run: rowToRun(inserted) };
      const [existing] = await db.query<RunRow>(
        `SELECT * FROM runs WHERE repo = $1 AND COALESCE(pr, -1) = COALESCE($2::integer, -1) AND head_sha = $3
           AND verb = $4 AND status IN ('queued', 'running')`,
        [run.repo, run.pr, run.headSha, run.verb],
      );
      if (existing) return { created: false, existing: rowToRun(existing) };
    }
    throw new Error(
      `createRun for ${run.repo}#${run.pr ?? "-"} kept conflicting with runs that ended meanwhile`,
    );
  }

  return {
    createRun,
    getRun,
    async listRuns(filter) {
      return listRunRows(db, filter);
    },
    async claimNextRun(workerId, now) {
      const [row] = await db.query<RunRow>(
        `UPDATE runs SET status = 'running', worker_id = $1, started_at = COALESCE(started_at, $2)
         WHERE id = (
           SELECT id FROM runs WHERE status = 'queued' AND (not_before IS NULL OR not_before <= $2)
           ORDER BY created_at, seq LIMIT 1 FOR UPDATE SKIP LOCKED)
         RETURNING *`,
        [workerId, now],
      );
      return row ? rowToRun(row) : null;
    },
    async claimRun(id, claim) {
      // One conditional UPDATE: of two workers claiming the same run, the second matches no row.
      const [row] = await db.query<RunRow>(
        `UPDATE runs SET status = 'running', worker_id = $1, started_at = COALESCE(started_at, $2),
           context = COALESCE($3, context), reason = CASE WHEN $4 THEN $5 ELSE reason END
         WHERE id = $6 AND CASE WHEN $7::text IS NULL THEN status = 'queued'
           ELSE status = 'running' AND worker_id = $7 END
         RETURNING *`,
        [
          claim.workerId,
          claim.at,
          claim.context === undefined ? null : json(claim.context),
          claim.reason !== undefined ? "true" : "false",
          claim.reason ?? null,
          id,
          claim.from,
        ],
      );
      return row ? rowToRun(row) : null;
    },
    async updateHeldRun(id, workerId, patch) {
      return writeRun(db, id, patch, (row) => row.status === "running" && row.worker_id === workerId);
    },
    async updateRun(id, patch) {
      const written = await writeRun(db, id, patch, () => true);
      if (!written) throw new Error(`run ${id} does not exist`);
      return written;
    },
  };
}

function insertRun(db: PgDb, run: NewRun, ids: { id: string; now: string }): Promise<RunRow[]> {
  return db.query<RunRow>(
    `INSERT INTO runs (id, installation_id, repo, pr, head_sha, verb, args, trigger, requester, status,
       worker_id, started_at, created_at, budget, spend, context)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, '{}', $15)
     ON CONFLICT (repo, (COALESCE(pr, -1)), head_sha, verb) WHERE status IN ('queued', 'running') DO NOTHING
     RETURNING *`,
    [
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
    ],
  );
}

function listRunRows(db: PgDb, filter: Parameters<Store["listRuns"]>[0]): Promise<RunRecord[]> {
  const { values, p } = pgParams();
  const where: string[] = [];
  if (filter.repo !== undefined) where.push(`repo = ${p(filter.repo)}`);
  if (filter.pr !== undefined) where.push(`pr = ${p(filter.pr)}`);
  if (filter.endedSince !== undefined) where.push(`ended_at >= ${p(filter.endedSince)}`);
  if (filter.status?.length) where.push(`status IN (${filter.status.map((s) => p(s)).join(", ")})`);
  const sql = `SELECT * FROM runs ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
    ORDER BY created_at DESC, seq DESC LIMIT ${p(filter.limit ?? 50)}`;
  return db.query<RunRow>(sql, values).then((rows) => rows.map(rowToRun));
}

/** Merges the patch into the run, under its row lock, when `expected` holds for the row as it is. */
function writeRun(
  db: PgDb,
  id: string,
  patch: RunPatch,
  expected: (row: RunRow) => boolean,
): Promise<RunRecord | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<RunRow>("SELECT * FROM runs WHERE id = $1 FOR UPDATE", [id]);
    if (!row || !expected(row)) return null;
    const next = { ...rowToRun(row), ...patch };
    const [written] = await tx.query<RunRow>(
      `UPDATE runs SET status = $1, reason = $2, started_at = $3, ended_at = $4, worker_id = $5,
         not_before = $6, spend = $7, context = $8 WHERE id = $9 RETURNING *`,
      [
        next.status,
        next.reason,
        next.startedAt,
        next.endedAt,
        next.workerId,
        next.notBefore,
        json(next.spend),
        json(next.context),
        id,
      ],
    );
    return rowToRun(written!);
  });
}
