// How alerts of one repository are batched and held, from its `notify:` config (config.ts).
import type { AlertLanguage } from "./alert-templates.ts";

export interface AlertPolicy {
  language: AlertLanguage;
  /** Alerts of one cause arriving within this window become one message. */
  aggregateSeconds: number;
  /** The same run and cause alerts at most once per this many minutes. */
  dedupeMinutes: number;
  /** After this many messages about one cause within an hour, it only comes as a digest... */
  digestAfter: number;
  /** ...every this many minutes. */
  digestMinutes: number;
  /** Local "HH:MM" times; messages wait until the quiet hours end. */
  quietHours: { from: string; to: string; timezone: string } | null;
}

export const defaultAlertPolicy: AlertPolicy = {
  language: "en",
  aggregateSeconds: 60,
  dedupeMinutes: 5,
  digestAfter: 3,
  digestMinutes: 10,
  quietHours: null,
};

/** True while `at` falls inside the policy's quiet hours (a window may cross midnight). */
export function inQuietHours(policy: Pick<AlertPolicy, "quietHours">, at: Date): boolean {
  const quiet = policy.quietHours;
  if (!quiet) return false;
  const local = new Intl.DateTimeFormat("en-GB", {
    timeZone: quiet.timezone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(at);
  const now = minutes(local);
  const from = minutes(quiet.from);
  const to = minutes(quiet.to);
  return from <= to ? now >= from && now < to : now >= from || now < to;
}

function minutes(hhmm: string): number {
  const [h, m] = hhmm.split(":").map(Number);
  return h! * 60 + m!;
}
