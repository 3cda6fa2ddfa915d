// The alert outbox in the PostgreSQL store's database (tables from postgres-migrations.ts), shared by
// every App and worker process: a due message is claimed with FOR UPDATE SKIP LOCKED, so however
// many notifiers tick, each message is sent by one of them at a time. Its tables come with the
// store's migrations: open the store (openPostgresStore) first, as the App and workers do.
import type { AlertEvent } from "../notify/alert-event.ts";
import type { AlertOutbox } from "../notify/alert-outbox.ts";
import type { AlertPolicy } from "../notify/alert-policy.ts";
import { redactText } from "../redact.ts";
import { rowToMessage, type EventRow, type MessageRow } from "./alert-outbox-rows.ts";
import { pgParams } from "./postgres-params.ts";
import { createPgPool, type PgDb } from "./postgres-pool.ts";

interface PlannedRow {
  channel: string;
  cause: string;
  run_id: string;
  message_id: string;
  planned_at: string;
}

export function openPostgresAlertOutbox(
  url: string,
  options: { log: { warn(obj: unknown, msg: string): void } },
): AlertOutbox {
  const db = createPgPool({
    url,
    poolSize: 2,
    keepOpen: 0,
    connectTimeoutMs: 5_000,
    onIdleError: (err) =>
      options.log.warn({ err }, "an idle PostgreSQL connection of the alert outbox failed"),
  });
  return createOutbox(db);
}

function createOutbox(db: PgDb): AlertOutbox {
  return {
    async addAlert(a) {
      await db.query(
        "INSERT INTO alert_events (channel, cause, run_id, event, policy) VALUES ($1, $2, $3, $4, $5)",
        [a.channel, a.cause, a.event.runId, JSON.stringify(a.event), JSON.stringify(a.policy)],
      );
    },
    async pendingAlerts() {
      const rows = await db.query<EventRow>(
        "SELECT seq, channel, cause, event, policy FROM alert_events WHERE state = 'pending' ORDER BY seq",
      );
      return rows.map((r) => ({
        seq: r.seq,
        channel: r.channel,
        cause: r.cause,
        event: JSON.parse(r.event) as AlertEvent,
        policy: JSON.parse(r.policy) as AlertPolicy,
      }));
    },
    async plannedSince(since) {
      const rows = await db.query<PlannedRow>(
        `SELECT channel, cause, run_id, message_id, planned_at FROM alert_events
         WHERE state = 'planned' AND planned_at >= $1`,
        [since],
      );
      return rows.map((r) => ({
        channel: r.channel,
        cause: r.cause,
        runId: r.run_id,
        messageId: r.message_id,
        plannedAt: r.planned_at,
      }));
    },
    async commitPlan(plan, messages, now) {
      await db.transaction(async (tx) => {
        for (const seq of plan.deduped)
          await tx.query("UPDATE alert_events SET state = 'deduped' WHERE seq = $1 AND state = 'pending'", [
            seq,
          ]);
        for (const m of messages) {
          await tx.query(
            `INSERT INTO alert_messages (id, channel, body, status, not_before, created_at)
             VALUES ($1, $2, $3, 'pending', $4, $4) ON CONFLICT (id) DO NOTHING`,
            [m.id, m.channel, redactText(JSON.stringify(m.body)), now],
          );
          for (const seq of m.seqs)
            await tx.query(
              `UPDATE alert_events SET state = 'planned', message_id = $1, planned_at = $2
               WHERE seq = $3 AND state = 'pending'`,
              [m.id, now, seq],
            );
        }
      });
    },
    async claimDueMessage(now, leaseUntil, channels) {
      if (channels.length === 0) return null;
      const { values, p } = pgParams();
      const sql = `UPDATE alert_messages SET status = 'sending', not_before = ${p(leaseUntil)}
        WHERE id = (
          SELECT id FROM alert_messages WHERE status IN ('pending', 'sending') AND not_before <= ${p(now)}
            AND channel IN (${channels.map((c) => p(c)).join(", ")})
          ORDER BY not_before, created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING *`;
      const [row] = await db.query<MessageRow>(sql, values);
      return row ? rowToMessage(row) : null;
    },
    async countSent(channel, since) {
      const [row] = await db.query<{ n: number }>(
        "SELECT COUNT(*)::integer AS n FROM alert_messages WHERE channel = $1 AND status = 'sent' AND sent_at >= $2",
        [channel, since],
      );
      return row?.n ?? 0;
    },
    async markSent(id, at) {
      await db.query(
        "UPDATE alert_messages SET status = 'sent', sent_at = $1, last_error = NULL WHERE id = $2",
        [at, id],
      );
    },
    async markRetry(id, retry) {
      await db.query(
        "UPDATE alert_messages SET status = 'pending', attempts = $1, not_before = $2, last_error = $3 WHERE id = $4",
        [retry.attempts, retry.notBefore, redactText(retry.error), id],
      );
    },
    async markFailed(id, error) {
      await db.query("UPDATE alert_messages SET status = 'failed', last_error = $1 WHERE id = $2", [
        redactText(error),
        id,
      ]);
    },
    async listMessages() {
      return (await db.query<MessageRow>("SELECT * FROM alert_messages ORDER BY created_at, id")).map(
        rowToMessage,
      );
    },
    close: () => db.close(),
  };
}
