// One section of a message: the alerts of one cause, newest last. A message holds one or more.
import type { AlertEvent } from "./alert-event.ts";

export interface AlertGroup {
  cause: string;
  events: AlertEvent[];
}

/** The alert whose details (stage, retries, steps) a section shows: the most recent. */
export function latestOf(group: AlertGroup): AlertEvent {
  return group.events[group.events.length - 1]!;
}

/** Distinct runs of a group, in the order they first alerted. */
export function runsOf(group: AlertGroup): AlertEvent[] {
  const seen = new Map<string, AlertEvent>();
  for (const e of group.events) if (!seen.has(e.runId)) seen.set(e.runId, e);
  return [...seen.values()];
}
