// The run trace pages of a server process: the /runs/{id} handler, and the signed link to a run's
// page that PR comments carry — only when both XIHE_PUBLIC_URL and XIHE_TRACE_SECRET are set.
import { createRateLimiter } from "../api/rate-limiter.ts";
import type { ApiHandler } from "../api/create-api-handler.ts";
import { createTracePageHandler } from "../api/trace/trace-page-handler.ts";
import { signTracePath } from "../api/trace/trace-link.ts";
import type { Env } from "../config.ts";
import type { Logger } from "../logger.ts";
import type { Store } from "../store/store.ts";

/** How long a link in a PR comment opens its run's page. */
const traceLinkLifetimeMs = 30 * 24 * 3_600_000;

export function traceLinks(env: Env, now: () => Date): (runId: string) => string | null {
  const base = env.XIHE_PUBLIC_URL?.replace(/\/+$/, "");
  const secret = env.XIHE_TRACE_SECRET;
  if (!base || !secret) return () => null;
  return (runId) => `${base}${signTracePath(secret, runId, new Date(now().getTime() + traceLinkLifetimeMs))}`;
}

export function createTracePages(app: { env: Env; store: Store; log: Logger; now: () => Date }): ApiHandler {
  return createTracePageHandler({
    store: app.store,
    now: app.now,
    log: app.log.child({ name: "trace-page" }),
    rateLimiter: createRateLimiter({ perMinute: app.env.XIHE_API_RATE_PER_MINUTE, now: app.now }),
    linkSecret: app.env.XIHE_TRACE_SECRET ?? null,
  });
}
