// Row shapes of the alert outbox tables (SQLite and PostgreSQL use the same columns) and their
// mapping to the outbox's records.
import type { MessageStatus, OutboxMessage } from "../notify/alert-outbox.ts";

export interface EventRow {
  seq: number;
  channel: string;
  cause: string;
  event: string;
  policy: string;
}

export interface MessageRow {
  id: string;
  channel: string;
  body: string;
  status: string;
  attempts: number;
  not_before: string;
  created_at: string;
  sent_at: string | null;
  last_error: string | null;
}

export function rowToMessage(row: MessageRow): OutboxMessage {
  return {
    id: row.id,
    channel: row.channel,
    body: JSON.parse(row.body) as unknown,
    // Written only by the outbox from the typed union.
    status: row.status as MessageStatus,
    attempts: row.attempts,
    notBefore: row.not_before,
    createdAt: row.created_at,
    sentAt: row.sent_at,
    lastError: row.last_error,
  };
}
