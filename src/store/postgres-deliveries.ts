// The delivery side of the PostgreSQL store: the dedup table, the triage queue the webhook path
// fills and workers drain (claimed with FOR UPDATE SKIP LOCKED), and the redeliveries Xihe asked for.
import { redactText } from "../redact.ts";
import { pgParams } from "./postgres-params.ts";
import type { PgDb } from "./postgres-pool.ts";
import { rowToTriage, type TriageRow } from "./store-rows.ts";
import type { Store, TriageJob } from "./store.ts";

type DeliveryMethods = Pick<
  Store,
  | "enqueueDelivery"
  | "hasDelivery"
  | "claimNextTriage"
  | "updateTriage"
  | "listTriage"
  | "recordRedeliveryRequest"
  | "hasRedeliveryRequest"
>;

export function createPostgresDeliveries(db: PgDb): DeliveryMethods {
  return {
    // One statement, so one round trip on the webhook path: the triage job is inserted only when
    // the delivery id was new (a redelivery inserts neither), atomically like a transaction.
    async enqueueDelivery(d) {
      const inserted = await db.query(
        `WITH fresh AS (
           INSERT INTO deliveries (id, event, action, received_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (id) DO NOTHING RETURNING id)
         INSERT INTO triage_jobs (delivery_id, event, action, installation_id, payload, status, received_at)
         SELECT id, $2, $3, $5::bigint, $6::text, 'queued', $4 FROM fresh RETURNING delivery_id`,
        [
          d.deliveryId,
          d.event,
          d.action,
          d.receivedAt,
          d.installationId,
          redactText(JSON.stringify(d.payload)),
        ],
      );
      return inserted.length === 1;
    },
    async hasDelivery(id) {
      return (await db.query("SELECT 1 FROM deliveries WHERE id = $1", [id])).length > 0;
    },
    async claimNextTriage(workerId, now) {
      const [row] = await db.query<TriageRow>(
        `UPDATE triage_jobs SET status = 'running', worker_id = $1
         WHERE delivery_id = (
           SELECT delivery_id FROM triage_jobs WHERE status = 'queued' AND (not_before IS NULL OR not_before <= $2)
           ORDER BY received_at, seq LIMIT 1 FOR UPDATE SKIP LOCKED)
         RETURNING *`,
        [workerId, now],
      );
      return row ? rowToTriage(row) : null;
    },
    async updateTriage(id, patch) {
      return db.transaction(async (tx) => {
        const [row] = await tx.query<TriageRow>(
          "SELECT * FROM triage_jobs WHERE delivery_id = $1 FOR UPDATE",
          [id],
        );
        if (!row) throw new Error(`triage job ${id} does not exist`);
        const next: TriageJob = { ...rowToTriage(row), ...patch };
        const [written] = await tx.query<TriageRow>(
          `UPDATE triage_jobs SET status = $1, attempts = $2, not_before = $3, worker_id = $4, steps = $5,
             error = $6, ended_at = $7 WHERE delivery_id = $8 RETURNING *`,
          [
            next.status,
            next.attempts,
            next.notBefore,
            next.workerId,
            redactText(JSON.stringify(next.steps)),
            next.error === null ? null : redactText(next.error),
            next.endedAt,
            id,
          ],
        );
        return rowToTriage(written!);
      });
    },
    async listTriage(filter) {
      const { values, p } = pgParams();
      const statuses = filter.status ?? [];
      const where = statuses.length ? `WHERE status IN (${statuses.map((s) => p(s)).join(", ")})` : "";
      const rows = await db.query<TriageRow>(
        `SELECT * FROM triage_jobs ${where} ORDER BY received_at, seq LIMIT ${p(filter.limit ?? 50)}`,
        values,
      );
      return rows.map(rowToTriage);
    },
    async recordRedeliveryRequest(r) {
      const inserted = await db.query(
        `INSERT INTO redelivery_requests (guid, delivery_id, requested_at) VALUES ($1, $2, $3)
         ON CONFLICT (guid) DO NOTHING RETURNING guid`,
        [r.guid, r.deliveryId, r.requestedAt],
      );
      return inserted.length === 1;
    },
    async hasRedeliveryRequest(guid) {
      return (await db.query("SELECT 1 FROM redelivery_requests WHERE guid = $1", [guid])).length > 0;
    },
  };
}
