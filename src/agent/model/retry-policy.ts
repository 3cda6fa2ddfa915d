// When to retry a model call and how long to wait: 429, 5xx, 408/409 and network/timeouts are
// retried with capped exponential backoff and full jitter; a Retry-After (or retry-after-ms) header
// sets the minimum wait. Other 4xx are the caller's mistake and fail at once.
export interface RetryPolicy {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { maxAttempts: 5, baseDelayMs: 500, maxDelayMs: 30_000 };

/** `status` undefined means no HTTP response (connection reset, timeout). */
export function isRetryableStatus(status: number | undefined): boolean {
  if (status === undefined) return true;
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** Milliseconds the server asked us to wait, or null when it did not say. */
export function retryAfterMs(headers: Headers | undefined, now: () => Date): number | null {
  if (!headers) return null;
  const ms = headers.get("retry-after-ms");
  if (ms !== null && Number.isFinite(Number(ms)) && Number(ms) >= 0) return Number(ms);
  const value = headers.get("retry-after");
  if (value === null) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now().getTime());
}

/** attempt is 1 for the first retry. */
export function backoffDelayMs(
  policy: RetryPolicy,
  attempt: number,
  random: () => number,
  serverMs: number | null,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  const jittered = Math.round(ceiling * random());
  // A Retry-After longer than our cap is still honoured: calling earlier would only be refused again.
  return serverMs === null ? jittered : Math.max(serverMs, jittered);
}
