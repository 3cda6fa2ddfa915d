// The audit log of the PostgreSQL store: append-only (a trigger refuses UPDATE, DELETE and
// TRUNCATE), read back in the order it was written.
import { json } from "./json-column.ts";
import { pgParams } from "./postgres-params.ts";
import type { PgDb } from "./postgres-pool.ts";
import { rowToAudit, type AuditRow } from "./store-rows.ts";
import type { Store } from "./store.ts";

type AuditMethods = Pick<Store, "addAudit" | "listAudit">;

export function createPostgresAudit(db: PgDb): AuditMethods {
  return {
    async addAudit(e) {
      await db.query(
        "INSERT INTO audit (at, actor, action, repo, run_id, params, result) VALUES ($1, $2, $3, $4, $5, $6, $7)",
        [e.at, e.actor, e.action, e.repo, e.runId, json(e.params), json(e.result)],
      );
    },
    async listAudit(filter) {
      const { values, p } = pgParams();
      const where: string[] = [];
      if (filter.repo !== undefined) where.push(`repo = ${p(filter.repo)}`);
      if (filter.runId !== undefined) where.push(`run_id = ${p(filter.runId)}`);
      const sql = `SELECT * FROM audit ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
        ORDER BY seq LIMIT ${p(filter.limit ?? 200)}`;
      return (await db.query<AuditRow>(sql, values)).map(rowToAudit);
    },
  };
}
