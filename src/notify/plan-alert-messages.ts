// Which pending alerts become messages now: deduplicated per run and cause, aggregated per cause
// within a window, turned into a digest when a cause keeps alerting, held during quiet hours.
// Pure: the outbox feeds it rows and commits its plan in one transaction.
import type { AlertEvent } from "./alert-event.ts";
import type { AlertGroup } from "./alert-group.ts";
import { inQuietHours, type AlertPolicy } from "./alert-policy.ts";
import type { AlertLanguage } from "./alert-templates.ts";

export interface PendingAlert {
  seq: number;
  channel: string;
  cause: string;
  event: AlertEvent;
  policy: AlertPolicy;
}

/** An alert already put into a message (the outbox keeps a day of them). */
export interface PlannedAlert {
  channel: string;
  cause: string;
  runId: string;
  messageId: string;
  plannedAt: string;
}

export interface PlannedMessage {
  channel: string;
  language: AlertLanguage;
  groups: AlertGroup[];
  seqs: number[];
}

export interface AlertPlan {
  deduped: number[];
  messages: PlannedMessage[];
}

const hourMs = 3_600_000;

export function planAlertMessages(pending: PendingAlert[], history: PlannedAlert[], now: Date): AlertPlan {
  const deduped: number[] = [];
  const kept: PendingAlert[] = [];
  for (const alert of [...pending].sort((a, b) => a.seq - b.seq)) {
    if (isDuplicate(alert, kept, history, now)) deduped.push(alert.seq);
    else kept.push(alert);
  }
  const ready = readyGroups(kept, history, now);
  const messages: PlannedMessage[] = [];
  for (const [key, groups] of groupBy(ready, (g) => `${g.channel}\u0000${g.language}`)) {
    const [channel, language] = key.split("\u0000") as [string, AlertLanguage];
    messages.push({
      channel,
      language,
      groups: groups.map((g) => ({ cause: g.cause, events: g.alerts.map((a) => a.event) })),
      seqs: groups.flatMap((g) => g.alerts.map((a) => a.seq)),
    });
  }
  return { deduped, messages };
}

function isDuplicate(alert: PendingAlert, kept: PendingAlert[], history: PlannedAlert[], now: Date): boolean {
  const windowMs = alert.policy.dedupeMinutes * 60_000;
  const same = (channel: string, cause: string, runId: string) =>
    channel === alert.channel && cause === alert.cause && runId === alert.event.runId;
  if (
    history.some(
      (h) => same(h.channel, h.cause, h.runId) && now.getTime() - Date.parse(h.plannedAt) < windowMs,
    )
  )
    return true;
  const at = Date.parse(alert.event.at);
  return kept.some((k) => same(k.channel, k.cause, k.event.runId) && at - Date.parse(k.event.at) < windowMs);
}

interface ReadyGroup {
  channel: string;
  cause: string;
  language: AlertLanguage;
  alerts: PendingAlert[];
}

function readyGroups(kept: PendingAlert[], history: PlannedAlert[], now: Date): ReadyGroup[] {
  const ready: ReadyGroup[] = [];
  for (const alerts of groupBy(kept, (a) => `${a.channel}\u0000${a.cause}`).values()) {
    const first = alerts[0]!;
    const policy = first.policy;
    if (inQuietHours(policy, now)) continue;
    const earlier = history.filter((h) => h.channel === first.channel && h.cause === first.cause);
    if (!isDue(alerts, earlier, policy, now)) continue;
    ready.push({ channel: first.channel, cause: first.cause, language: policy.language, alerts });
  }
  return ready;
}

// A cause that already produced `digestAfter` messages within the hour waits `digestMinutes` since
// its last message; otherwise a group goes out once its oldest alert is `aggregateSeconds` old.
function isDue(alerts: PendingAlert[], earlier: PlannedAlert[], policy: AlertPolicy, now: Date): boolean {
  const t = now.getTime();
  const recentMessages = new Set(
    earlier.filter((h) => t - Date.parse(h.plannedAt) < hourMs).map((h) => h.messageId),
  );
  if (recentMessages.size >= policy.digestAfter) {
    const last = Math.max(...earlier.map((h) => Date.parse(h.plannedAt)));
    return t - last >= policy.digestMinutes * 60_000;
  }
  const oldest = Math.min(...alerts.map((a) => Date.parse(a.event.at)));
  return t - oldest >= policy.aggregateSeconds * 1000;
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}
