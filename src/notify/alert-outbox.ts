// Where alerts wait and messages are kept until a channel took them: in the store, so a restart
// neither loses nor repeats one. A message id is derived from the alerts it carries, so planning the
// same alerts twice (a crash between plan and commit) inserts it once.
import type { AlertEvent } from "./alert-event.ts";
import type { AlertPolicy } from "./alert-policy.ts";
import type { AlertPlan, PendingAlert, PlannedAlert } from "./plan-alert-messages.ts";

export type MessageStatus = "pending" | "sending" | "sent" | "failed";

export interface OutboxMessage {
  id: string;
  channel: string;
  body: unknown;
  status: MessageStatus;
  attempts: number;
  notBefore: string;
  createdAt: string;
  sentAt: string | null;
  lastError: string | null;
}

export interface AlertOutbox {
  addAlert(alert: { channel: string; cause: string; event: AlertEvent; policy: AlertPolicy }): Promise<void>;
  pendingAlerts(): Promise<PendingAlert[]>;
  plannedSince(since: string): Promise<PlannedAlert[]>;
  /** Marks deduplicated alerts, assigns the planned ones to their messages and inserts those, atomically. */
  commitPlan(
    plan: AlertPlan,
    messages: { id: string; channel: string; body: unknown; seqs: number[] }[],
    now: string,
  ): Promise<void>;
  /** The oldest due message, marked `sending` until `leaseUntil` (a crash mid-send retries it then). */
  claimDueMessage(now: string, leaseUntil: string, channels: string[]): Promise<OutboxMessage | null>;
  /** How many messages a channel took since a time (its rate limit). */
  countSent(channel: string, since: string): Promise<number>;
  markSent(id: string, at: string): Promise<void>;
  markRetry(id: string, retry: { attempts: number; notBefore: string; error: string }): Promise<void>;
  markFailed(id: string, error: string): Promise<void>;
  listMessages(): Promise<OutboxMessage[]>;
  close(): Promise<void>;
}
