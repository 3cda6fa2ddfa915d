// Per-token request budget of the HTTP API: a token bucket that refills `perMinute` requests a
// minute, up to a burst of the same size. In memory: each App process limits what it serves.
export interface RateLimiter {
  /** Takes one request from `key`'s bucket; refused with the seconds until one is free. */
  take(key: string): { ok: true } | { ok: false; retryAfterS: number };
}

export function createRateLimiter(options: { perMinute: number; now: () => Date }): RateLimiter {
  const buckets = new Map<string, { tokens: number; atMs: number }>();
  const ratePerMs = options.perMinute / 60_000;
  return {
    take(key) {
      const nowMs = options.now().getTime();
      const bucket = buckets.get(key) ?? { tokens: options.perMinute, atMs: nowMs };
      bucket.tokens = Math.min(options.perMinute, bucket.tokens + (nowMs - bucket.atMs) * ratePerMs);
      bucket.atMs = nowMs;
      buckets.set(key, bucket);
      if (bucket.tokens < 1)
        return { ok: false, retryAfterS: Math.ceil((1 - bucket.tokens) / ratePerMs / 1000) };
      bucket.tokens -= 1;
      return { ok: true };
    },
  };
}
