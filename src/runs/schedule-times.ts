// When a `deps.schedule` runs: local midnight in the repository's time zone (every day, or Mondays)
// plus the installation's jitter. Pure: the clock is the caller's.
import { createHash } from "node:crypto";

export type Schedule = "daily" | "weekly";

/** The first scheduled time strictly after `after`. */
export function nextScheduledTime(
  schedule: Schedule,
  timeZone: string,
  jitterSeconds: number,
  after: Date,
): Date {
  const today = localDate(after, timeZone);
  for (let day = 0; day <= 8; day++) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + day));
    if (schedule === "weekly" && date.getUTCDay() !== 1) continue;
    const at = localMidnight(date, timeZone).getTime() + jitterSeconds * 1000;
    if (at > after.getTime()) return new Date(at);
  }
  throw new Error(`no ${schedule} time found after ${after.toISOString()} in ${timeZone}`);
}

/**
 * A second within the hour after midnight per installation: spread by a hash of its id, and distinct
 * among the installations given (a collision takes the next free second), so no two start together.
 */
export function assignJitters(installationIds: readonly number[]): Map<number, number> {
  const used = new Set<number>();
  const jitters = new Map<number, number>();
  for (const id of [...new Set(installationIds)].sort((a, b) => a - b)) {
    let second = createHash("sha256").update(String(id)).digest().readUInt32BE(0) % 3600;
    while (used.has(second)) second = (second + 1) % 3600;
    used.add(second);
    jitters.set(id, second);
  }
  return jitters;
}

function localDate(at: Date, timeZone: string): { year: number; month: number; day: number } {
  const parts = partsIn(at, timeZone);
  return { year: parts.year, month: parts.month, day: parts.day };
}

// The UTC instant of 00:00 on `date`'s calendar day in the zone (a day starting at 01:00 because
// of a DST jump starts then).
function localMidnight(date: Date, timeZone: string): Date {
  const guess = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  let at = guess - offsetMs(new Date(guess), timeZone);
  at = guess - offsetMs(new Date(at), timeZone);
  return new Date(at);
}

function offsetMs(at: Date, timeZone: string): number {
  const p = partsIn(at, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

function partsIn(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: n("year"),
    month: n("month"),
    day: n("day"),
    hour: n("hour"),
    minute: n("minute"),
    second: n("second"),
  };
}
