// GitHub's retry guidance (threat model) as Octokit options: honour `retry-after`, retry short
// primary-limit waits only after the wait, back off on secondary limits, and turn a long primary
// limit (remaining 0, reset far away) into a RateLimitedError so the worker parks the run.
import type { Octokit } from "@octokit/core";
import type { Logger } from "../logger.ts";
import { RateLimitedError } from "../runs/rate-limited-error.ts";

/** Longest wait (seconds) worth blocking a worker for; beyond it the run is parked. */
export const maxBlockingWaitSeconds = 120;

export function shouldRetryRateLimit(
  kind: "primary" | "secondary",
  retryAfterS: number,
  retryCount: number,
): boolean {
  if (retryAfterS > maxBlockingWaitSeconds && kind === "primary") return false;
  return retryCount < (kind === "primary" ? 2 : 3);
}

interface LimitedRequest {
  method: string;
  url: string;
}

export function throttleHandlers(log: Logger) {
  const handler =
    (kind: "primary" | "secondary") =>
    (retryAfter: number, options: LimitedRequest, _octokit: unknown, retryCount: number): boolean => {
      const retry = shouldRetryRateLimit(kind, retryAfter, retryCount);
      // Method and path only: never the headers (they carry the token).
      log.warn(
        { kind, method: options.method, url: options.url, retryAfter, retryCount, retry },
        "GitHub rate limit",
      );
      return retry;
    };
  return { onRateLimit: handler("primary"), onSecondaryRateLimit: handler("secondary") };
}

interface ErrorWithResponse {
  status?: number;
  response?: { headers?: Record<string, string | number | undefined> };
}

/** An Octokit plugin: a request refused because the quota is spent becomes a RateLimitedError. */
export function rateLimitParking(octokit: Octokit): void {
  octokit.hook.error("request", (error: unknown) => {
    const e = error as ErrorWithResponse;
    const headers = e.response?.headers ?? {};
    const exhausted = String(headers["x-ratelimit-remaining"] ?? "") === "0";
    if ((e.status === 403 || e.status === 429) && exhausted) {
      const resetS = Number(headers["x-ratelimit-reset"]);
      if (Number.isFinite(resetS)) throw new RateLimitedError(new Date(resetS * 1000), { cause: error });
    }
    throw error;
  });
}
