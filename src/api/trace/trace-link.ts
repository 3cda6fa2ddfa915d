// Signed, expiring links to a run's trace page: HMAC-SHA256 over the run id and the expiry, keyed
// with the server's secret (XIHE_TRACE_SECRET). Whoever holds the link may read that one run until
// it expires; nothing else is granted by it.
import { createHmac, timingSafeEqual } from "node:crypto";

function signature(secret: string, runId: string, expiresS: number): string {
  return createHmac("sha256", secret).update(`trace:${runId}:${expiresS}`).digest("base64url");
}

/** The page's path with its query, e.g. /runs/r1?expires=1767225600&sig=… */
export function signTracePath(secret: string, runId: string, expiresAt: Date): string {
  const expiresS = Math.floor(expiresAt.getTime() / 1000);
  return `/runs/${encodeURIComponent(runId)}?expires=${expiresS}&sig=${signature(secret, runId, expiresS)}`;
}

export type LinkCheck = "valid" | "expired" | "invalid";

export function checkTraceLink(secret: string, runId: string, query: URLSearchParams, now: Date): LinkCheck {
  const expires = query.get("expires") ?? "";
  const sig = query.get("sig") ?? "";
  if (!/^\d{1,12}$/.test(expires) || sig === "") return "invalid";
  const expected = Buffer.from(signature(secret, runId, Number(expires)));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
  return Number(expires) * 1000 > now.getTime() ? "valid" : "expired";
}
