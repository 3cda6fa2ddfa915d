// How long to wait before retrying work whose service was unreachable: exponential from 5 s,
// capped at 10 minutes, so a GitHub outage of a few hours is ridden out without hammering it.
export const maxUnreachableRetries = 30;

export function retryBackoffMs(attempt: number): number {
  return Math.min(10 * 60_000, 5_000 * 2 ** Math.max(0, attempt - 1));
}
