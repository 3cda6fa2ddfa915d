// The delivery side of the PostgreSQL store: the dedup table, the triage queue the webhook path
// fills and workers drain (claimed with FOR UPDATE SKIP LOCKED), and the redeliveries Xihe asked for.
import { redactText } from "../redact.ts";
import { createDeliveryBatches } from "./postgres-delivery-batches.ts";
import { pgParams } from "./postgres-params.ts";
import type { PgDb } from "./postgres-pool.ts";
import { rowToTriage, type TriageRow } from "./store-rows.ts";
import type { Store, TriageJob } from "./store.ts";

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

export function createPostgresDeliveries(db: PgDb): DeliveryMethods {
  const batches = createDeliveryBatches(db);
  return {
    // Recorded with the other deliveries of this turn of the event loop, in one statement (see
    // postgres-delivery-batches.ts); resolves once this delivery is committed.
    enqueueDelivery: (d) => batches.enqueue(d),
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
    async getTriage(id) {
      const [row] = await db.query<TriageRow>("SELECT * FROM triage_jobs WHERE delivery_id = $1", [id]);
      return row ? rowToTriage(row) : null;
    },
    async claimTriage(id, c) {
      // One conditional UPDATE: of two workers claiming the same job, the second matches no row.
      const [row] = await db.query<TriageRow>(
        `UPDATE triage_jobs SET status = 'running', worker_id = $1
         WHERE delivery_id = $2 AND CASE WHEN $3::text IS NULL THEN status = 'queued'
           ELSE status = 'running' AND worker_id = $3 END
         RETURNING *`,
        [c.workerId, id, c.from],
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
