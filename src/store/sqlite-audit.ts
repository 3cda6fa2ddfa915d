// The audit log of the SQLite store: append-only, read back in the order it was written.
import type Database from "better-sqlite3";
import { conditions } from "./sql-conditions.ts";
import { json } from "./json-column.ts";
import { rowToAudit, type AuditRow } from "./store-rows.ts";
import type { AuditEvent, Store } from "./store.ts";

type AuditMethods = Pick<Store, "addAudit" | "listAudit">;

export function createSqliteAudit(db: Database.Database): AuditMethods {
  return {
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
  };
}
