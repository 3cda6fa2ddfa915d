// One HTTP POST of a rendered message to its channel, and what the answer means: taken, try again
// later (rate limits, outages: WeCom errcode 45009, HTTP 429/5xx, no answer), or refused for good
// (a wrong robot key or URL), with a message that says which setting to check.
import { createHmac } from "node:crypto";
import type { AlertChannel } from "./alert-channels-from-env.ts";

export type SendResult =
  { ok: true } | { ok: false; retry: boolean; retryAfterMs: number | null; error: string };

const timeoutMs = 10_000;
// WeCom answers HTTP 200 with an errcode: -1 is "system busy", 45009 "api freq out of limit".
const wecomRetryable = new Set([-1, 45009]);

export async function sendAlert(
  channel: AlertChannel,
  messageId: string,
  body: unknown,
): Promise<SendResult> {
  const text = JSON.stringify(body);
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "x-xihe-message-id": messageId,
  };
  if (channel.type === "webhook" && channel.secret)
    headers["x-xihe-signature-256"] =
      `sha256=${createHmac("sha256", channel.secret).update(text).digest("hex")}`;
  let response: Response;
  try {
    response = await fetch(channel.url, {
      method: "POST",
      headers,
      body: text,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    return {
      ok: false,
      retry: true,
      retryAfterMs: null,
      error: `${where(channel)} did not answer: ${reason(err)}`,
    };
  }
  const answer = await response.text().catch(() => "");
  if (response.status === 429 || response.status >= 500)
    return {
      ok: false,
      retry: true,
      retryAfterMs: retryAfter(response.headers.get("retry-after")),
      error: `${where(channel)} answered HTTP ${response.status}`,
    };
  if (response.status >= 400)
    return {
      ok: false,
      retry: false,
      retryAfterMs: null,
      error: `${where(channel)} refused the message (HTTP ${response.status} ${answer.slice(0, 200)}); check ${envName(channel)}`,
    };
  return channel.type === "wecom" ? wecomResult(channel, answer) : { ok: true };
}

function wecomResult(channel: AlertChannel, answer: string): SendResult {
  let parsed: { errcode?: unknown; errmsg?: unknown };
  try {
    parsed = JSON.parse(answer) as typeof parsed;
  } catch {
    return {
      ok: false,
      retry: true,
      retryAfterMs: null,
      error: `${where(channel)} answered something that is not JSON`,
    };
  }
  const code = Number(parsed.errcode);
  if (code === 0) return { ok: true };
  const detail = `errcode ${code}: ${String(parsed.errmsg ?? "").slice(0, 200)}`;
  if (wecomRetryable.has(code))
    return {
      ok: false,
      retry: true,
      retryAfterMs: code === 45009 ? 60_000 : null,
      error: `${where(channel)} is busy (${detail})`,
    };
  return {
    ok: false,
    retry: false,
    retryAfterMs: null,
    error: `${where(channel)} refused the message (${detail}); check the robot key in ${envName(channel)}`,
  };
}

function retryAfter(header: string | null): number | null {
  if (header === null) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

const where = (channel: AlertChannel) => `alert channel "${channel.name}" (${channel.type})`;
const envName = (channel: AlertChannel) => `XIHE_NOTIFY_${channel.name.toUpperCase()}`;
const reason = (err: unknown) =>
  err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err);
