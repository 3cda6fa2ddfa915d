// The delivery side of the SQLite store: the dedup table, the triage queue the webhook path fills
// and the worker drains, and the redeliveries Xihe asked GitHub for.
import type Database from "better-sqlite3";
import { redactText } from "../redact.ts";
import { rowToTriage, type TriageRow } from "./store-rows.ts";
import type { NewDelivery, Store, TriageClaim, TriageJob } from "./store.ts";

type DeliveryMethods = Pick<
  Store,
  | "enqueueDelivery"
  | "hasDelivery"
  | "claimNextTriage"
  | "getTriage"
  | "claimTriage"
  | "updateTriage"
  | "listTriage"
  | "recordRedeliveryRequest"
  | "hasRedeliveryRequest"
>;

export function createSqliteDeliveries(db: Database.Database): DeliveryMethods {
  const getStmt = db.prepare<[string], TriageRow>("SELECT * FROM triage_jobs WHERE delivery_id = ?");
  const requireJob = (id: string): TriageJob => {
    const row = getStmt.get(id);
    if (!row) throw new Error(`triage job ${id} does not exist`);
    return rowToTriage(row);
  };

  const enqueue = db.transaction((d: NewDelivery): boolean => {
    const info = db
      .prepare("INSERT OR IGNORE INTO deliveries (id, event, action, received_at) VALUES (?, ?, ?, ?)")
      .run(d.deliveryId, d.event, d.action, d.receivedAt);
    if (info.changes !== 1) return false;
    insertTriageJob(db, d);
    return true;
  });

  // Read and write in one IMMEDIATE transaction: no other process writes between the two.
  const claimOne = db.transaction((id: string, c: TriageClaim): TriageJob | null => {
    const row = getStmt.get(id);
    if (!row) return null;
    const expected =
      c.from === null ? row.status === "queued" : row.status === "running" && row.worker_id === c.from;
    if (!expected) return null;
    db.prepare("UPDATE triage_jobs SET status = 'running', worker_id = ? WHERE delivery_id = ?").run(
      c.workerId,
      id,
    );
    return requireJob(id);
  });

  const claim = db.transaction((workerId: string, now: string): TriageJob | null => {
    const row = oldestClaimableTriage(db, now);
    if (!row) return null;
    db.prepare("UPDATE triage_jobs SET status = 'running', worker_id = ? WHERE delivery_id = ?").run(
      workerId,
      row.delivery_id,
    );
    return requireJob(row.delivery_id);
  });

  return {
    async enqueueDelivery(d) {
      return enqueue.immediate(d);
    },
    async hasDelivery(id) {
      return db.prepare("SELECT 1 FROM deliveries WHERE id = ?").get(id) !== undefined;
    },
    async claimNextTriage(workerId, now) {
      return claim.immediate(workerId, now);
    },
    async getTriage(id) {
      const row = getStmt.get(id);
      return row ? rowToTriage(row) : null;
    },
    async claimTriage(id, c) {
      return claimOne.immediate(id, c);
    },
    async updateTriage(id, patch) {
      writeTriage(db, id, { ...requireJob(id), ...patch });
      return requireJob(id);
    },
    async listTriage(filter) {
      return listTriageRows(db, filter);
    },
    async recordRedeliveryRequest(r) {
      const info = db
        .prepare(
          "INSERT OR IGNORE INTO redelivery_requests (guid, delivery_id, requested_at) VALUES (?, ?, ?)",
        )
        .run(r.guid, r.deliveryId, r.requestedAt);
      return info.changes === 1;
    },
    async hasRedeliveryRequest(guid) {
      return db.prepare("SELECT 1 FROM redelivery_requests WHERE guid = ?").get(guid) !== undefined;
    },
  };
}

function insertTriageJob(db: Database.Database, d: NewDelivery): void {
  db.prepare(
    `INSERT INTO triage_jobs (delivery_id, event, action, installation_id, payload, status, received_at)
     VALUES (?, ?, ?, ?, ?, 'queued', ?)`,
  ).run(
    d.deliveryId,
    d.event,
    d.action,
    d.installationId,
    redactText(JSON.stringify(d.payload)),
    d.receivedAt,
  );
}

function writeTriage(db: Database.Database, id: string, next: TriageJob): void {
  db.prepare(
    `UPDATE triage_jobs SET status = ?, attempts = ?, not_before = ?, worker_id = ?, steps = ?, error = ?,
       ended_at = ? WHERE delivery_id = ?`,
  ).run(
    next.status,
    next.attempts,
    next.notBefore,
    next.workerId,
    redactText(JSON.stringify(next.steps)),
    next.error === null ? null : redactText(next.error),
    next.endedAt,
    id,
  );
}

function listTriageRows(db: Database.Database, filter: Parameters<Store["listTriage"]>[0]): TriageJob[] {
  const statuses = filter.status ?? [];
  const where = statuses.length ? `WHERE status IN (${statuses.map(() => "?").join(", ")})` : "";
  return db
    .prepare<(string | number)[], TriageRow>(
      `SELECT * FROM triage_jobs ${where} ORDER BY received_at, rowid LIMIT ?`,
    )
    .all(...statuses, filter.limit ?? 50)
    .map(rowToTriage);
}

function oldestClaimableTriage(db: Database.Database, now: string): TriageRow | undefined {
  return db
    .prepare<[string], TriageRow>(
      `SELECT * FROM triage_jobs WHERE status = 'queued' AND (not_before IS NULL OR not_before <= ?)
       ORDER BY received_at, rowid LIMIT 1`,
    )
    .get(now);
}
