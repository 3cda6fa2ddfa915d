// The webhook path's writes to PostgreSQL, grouped: every delivery recorded in one turn of the
// event loop goes to the database in one statement (dedup row and triage job for each new id),
// so a burst of webhooks costs a few round trips instead of one pooled connection per delivery.
// Each caller still learns only once its own delivery is committed whether it was new, so a
// webhook is answered after its delivery is durable, exactly as with one statement each.
import { redactText } from "../redact.ts";
import type { PgQueries } from "./postgres-pool.ts";
import { StoreUnavailableError } from "./store-unavailable-error.ts";
import type { NewDelivery } from "./store.ts";

/** A statement stays far below PostgreSQL's 65535 parameters and holds a bounded payload size. */
const maxRows = 200;
const maxPayloadChars = 4 * 1024 * 1024;

interface Waiting {
  row: DeliveryRow;
  settle: { resolve(fresh: boolean): void; reject(err: unknown): void };
}

interface DeliveryRow {
  id: string;
  event: string;
  action: string | null;
  receivedAt: string;
  installationId: number | null;
  payload: string;
}

export function createDeliveryBatches(db: PgQueries) {
  let waiting: Waiting[] = [];
  let chars = 0;

  const send = (): void => {
    if (waiting.length === 0) return;
    const batch = waiting;
    waiting = [];
    chars = 0;
    void insertBatch(db, batch);
  };

  return {
    /** Records the delivery with the others of this turn; true when its id was new. */
    enqueue(d: NewDelivery): Promise<boolean> {
      const row: DeliveryRow = {
        id: d.deliveryId,
        event: d.event,
        action: d.action,
        receivedAt: d.receivedAt,
        installationId: d.installationId,
        payload: redactText(JSON.stringify(d.payload)),
      };
      return new Promise((resolve, reject) => {
        if (waiting.length === 0) setImmediate(send);
        waiting.push({ row, settle: { resolve, reject } });
        chars += row.payload.length;
        if (waiting.length >= maxRows || chars >= maxPayloadChars) send();
      });
    },
  };
}

async function insertBatch(db: PgQueries, batch: Waiting[]): Promise<void> {
  // A redelivery inside the batch is answered like one after it: not new (the first is recorded).
  const first = new Map<string, Waiting>();
  for (const w of batch) if (!first.has(w.row.id)) first.set(w.row.id, w);
  const rows = [...first.values()].map((w) => w.row);
  let fresh: Set<string>;
  try {
    fresh = await insertRows(db, rows);
  } catch (err) {
    // The database is away: every delivery of the batch fails the same retryable way.
    if (err instanceof StoreUnavailableError || batch.length === 1) {
      for (const w of batch) w.settle.reject(err);
      return;
    }
    // Anything else may be one delivery's fault: each is tried alone so the others are recorded.
    await Promise.all(
      rows.map((row) =>
        insertRows(db, [row]).then(
          (one) => settleFor(batch, row.id, one),
          (e: unknown) => batch.filter((w) => w.row.id === row.id).forEach((w) => w.settle.reject(e)),
        ),
      ),
    );
    return;
  }
  settleAll(batch, first, fresh);
}

function settleAll(batch: Waiting[], first: Map<string, Waiting>, fresh: Set<string>): void {
  for (const w of batch) w.settle.resolve(first.get(w.row.id) === w && fresh.has(w.row.id));
}

function settleFor(batch: Waiting[], id: string, fresh: Set<string>): void {
  const same = batch.filter((w) => w.row.id === id);
  same.forEach((w, i) => w.settle.resolve(i === 0 && fresh.has(id)));
}

// One statement, so atomic like a transaction: a triage job is inserted only for an id the
// dedup table did not hold yet; a redelivery inserts neither. Dedup rows go in in id order: two
// processes' batches sharing ids then wait for each other in one order, never in a deadlock.
// Triage jobs keep the order the deliveries came in (claims take the oldest first).
async function insertRows(db: PgQueries, rows: DeliveryRow[]): Promise<Set<string>> {
  const inserted = await db.query<{ delivery_id: string }>(
    `WITH input AS (
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::text[])
         WITH ORDINALITY AS i (id, event, action, received_at, installation_id, payload, ord)),
     fresh AS (
       INSERT INTO deliveries (id, event, action, received_at)
       SELECT id, event, action, received_at FROM input ORDER BY id
       ON CONFLICT (id) DO NOTHING RETURNING id)
     INSERT INTO triage_jobs (delivery_id, event, action, installation_id, payload, status, received_at)
     SELECT input.id, input.event, input.action, input.installation_id, input.payload, 'queued', input.received_at
       FROM input JOIN fresh ON fresh.id = input.id ORDER BY input.ord
     RETURNING delivery_id`,
    [
      rows.map((r) => r.id),
      rows.map((r) => r.event),
      rows.map((r) => r.action),
      rows.map((r) => r.receivedAt),
      rows.map((r) => r.installationId),
      rows.map((r) => r.payload),
    ],
  );
  return new Set(inserted.map((r) => r.delivery_id));
}
