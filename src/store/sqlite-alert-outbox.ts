// The alert outbox on the SQLite store's file: its own connection and tables, so alerting works
// whatever else the store does. Tables are created if missing; append new columns, never edit.
import Database from "better-sqlite3";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type { AlertOutbox } from "../notify/alert-outbox.ts";
import type { AlertEvent } from "../notify/alert-event.ts";
import type { AlertPolicy } from "../notify/alert-policy.ts";
import { redactText } from "../redact.ts";
import { rowToMessage, type EventRow, type MessageRow } from "./alert-outbox-rows.ts";

const schema = `
  CREATE TABLE IF NOT EXISTS alert_events (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    channel TEXT NOT NULL,
    cause TEXT NOT NULL,
    run_id TEXT NOT NULL,
    event TEXT NOT NULL,
    policy TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'pending',
    message_id TEXT,
    planned_at TEXT
  );
  CREATE INDEX IF NOT EXISTS alert_events_state ON alert_events(state, seq);
  CREATE INDEX IF NOT EXISTS alert_events_planned ON alert_events(planned_at);
  CREATE TABLE IF NOT EXISTS alert_messages (
    id TEXT PRIMARY KEY,
    channel TEXT NOT NULL,
    body TEXT NOT NULL,
    status TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    not_before TEXT NOT NULL,
    created_at TEXT NOT NULL,
    sent_at TEXT,
    last_error TEXT
  );
  CREATE INDEX IF NOT EXISTS alert_messages_due ON alert_messages(status, not_before);
`;

export function openSqliteAlertOutbox(path: string): AlertOutbox {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma("journal_mode = WAL");
  db.pragma("busy_timeout = 5000");
  db.exec(schema);
  return createOutbox(db);
}

function createOutbox(db: Database.Database): AlertOutbox {
  const commit = db.transaction(
    (
      deduped: number[],
      messages: { id: string; channel: string; body: unknown; seqs: number[] }[],
      now: string,
    ) => {
      const dedupe = db.prepare(
        "UPDATE alert_events SET state = 'deduped' WHERE seq = ? AND state = 'pending'",
      );
      for (const seq of deduped) dedupe.run(seq);
      const insert = db.prepare(
        `INSERT OR IGNORE INTO alert_messages (id, channel, body, status, not_before, created_at)
         VALUES (?, ?, ?, 'pending', ?, ?)`,
      );
      const plan = db.prepare(
        "UPDATE alert_events SET state = 'planned', message_id = ?, planned_at = ? WHERE seq = ? AND state = 'pending'",
      );
      for (const m of messages) {
        insert.run(m.id, m.channel, redactText(JSON.stringify(m.body)), now, now);
        for (const seq of m.seqs) plan.run(m.id, now, seq);
      }
    },
  );
  return {
    async addAlert(a: { channel: string; cause: string; event: AlertEvent; policy: AlertPolicy }) {
      db.prepare(
        "INSERT INTO alert_events (channel, cause, run_id, event, policy) VALUES (?, ?, ?, ?, ?)",
      ).run(a.channel, a.cause, a.event.runId, JSON.stringify(a.event), JSON.stringify(a.policy));
    },
    async pendingAlerts() {
      return db
        .prepare<[], EventRow>(
          "SELECT seq, channel, cause, event, policy FROM alert_events WHERE state = 'pending' ORDER BY seq",
        )
        .all()
        .map((r) => ({
          seq: r.seq,
          channel: r.channel,
          cause: r.cause,
          event: JSON.parse(r.event) as AlertEvent,
          policy: JSON.parse(r.policy) as AlertPolicy,
        }));
    },
    async plannedSince(since) {
      return db
        .prepare<
          [string],
          { channel: string; cause: string; run_id: string; message_id: string; planned_at: string }
        >(
          "SELECT channel, cause, run_id, message_id, planned_at FROM alert_events WHERE state = 'planned' AND planned_at >= ?",
        )
        .all(since)
        .map((r) => ({
          channel: r.channel,
          cause: r.cause,
          runId: r.run_id,
          messageId: r.message_id,
          plannedAt: r.planned_at,
        }));
    },
    async commitPlan(plan, messages, now) {
      commit(plan.deduped, messages, now);
    },
    async claimDueMessage(now, leaseUntil, channels) {
      if (channels.length === 0) return null;
      const marks = channels.map(() => "?").join(", ");
      const claim = db.transaction(() => {
        const row = db
          .prepare<string[], MessageRow>(
            `SELECT * FROM alert_messages WHERE status IN ('pending', 'sending') AND not_before <= ?
             AND channel IN (${marks}) ORDER BY not_before, created_at LIMIT 1`,
          )
          .get(now, ...channels);
        if (!row) return null;
        db.prepare("UPDATE alert_messages SET status = 'sending', not_before = ? WHERE id = ?").run(
          leaseUntil,
          row.id,
        );
        return rowToMessage({ ...row, status: "sending", not_before: leaseUntil });
      });
      return claim();
    },
    async countSent(channel, since) {
      const row = db
        .prepare<[string, string], { n: number }>(
          "SELECT COUNT(*) AS n FROM alert_messages WHERE channel = ? AND status = 'sent' AND sent_at >= ?",
        )
        .get(channel, since);
      return row?.n ?? 0;
    },
    async markSent(id, at) {
      db.prepare(
        "UPDATE alert_messages SET status = 'sent', sent_at = ?, last_error = NULL WHERE id = ?",
      ).run(at, id);
    },
    async markRetry(id, retry) {
      db.prepare(
        "UPDATE alert_messages SET status = 'pending', attempts = ?, not_before = ?, last_error = ? WHERE id = ?",
      ).run(retry.attempts, retry.notBefore, redactText(retry.error), id);
    },
    async markFailed(id, error) {
      db.prepare("UPDATE alert_messages SET status = 'failed', last_error = ? WHERE id = ?").run(
        redactText(error),
        id,
      );
    },
    async listMessages() {
      return db
        .prepare<[], MessageRow>("SELECT * FROM alert_messages ORDER BY created_at, id")
        .all()
        .map(rowToMessage);
    },
    async close() {
      db.close();
    },
  };
}
