// The HTTP front of the App. In order, before any handler runs: a size cap on the raw body (threat
// model A03: no HMAC over more than the cap, no inflating), the signature checked on the raw bytes
// by @octokit/webhooks' `verify` (A01, A02), then the event handed to the handlers' receiver. Answers:
// 401 signature_invalid, 413 payload_too_large, 415 for compressed bodies, 400 for a malformed
// delivery, 200 once handled (or ignored: an event name this version does not know). Beside it:
// GET /healthz (liveness), GET /readyz (the store and other named dependencies answer), GET /metrics.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { emitterEventNames, type EmitterWebhookEvent, type Webhooks } from "@octokit/webhooks";
import type { ApiHandler } from "../api/create-api-handler.ts";
import type { Logger } from "../logger.ts";
import type { XiheMetrics } from "./metrics.ts";

export const maxWebhookBytes = 25 * 1024 * 1024;

/** The part of @octokit/webhooks (the App's own, or Probot's `probot.webhooks`) this server uses. */
export type WebhookReceiver = Pick<Webhooks, "verify" | "receive">;

const knownEvents: ReadonlySet<string> = new Set(emitterEventNames);

export interface WebhookServerOptions {
  webhooks: WebhookReceiver;
  webhooksPath: string;
  log: Logger;
  maxBytes?: number;
  /** The HTTP API (/v1/...), answered by its own pipeline (token auth, problem+json). */
  api?: ApiHandler;
  /** The run trace pages (/runs/{id}). */
  tracePage?: ApiHandler;
  /** GET /readyz: each named check resolves when its dependency answers (store, queue, ...). */
  readiness?: Record<string, () => Promise<void>>;
  /** GET /metrics, and the ack time of every webhook delivery. */
  metrics?: Pick<XiheMetrics, "registry" | "webhookAckSeconds">;
}

/** A readiness check that has not answered by then counts as failed. */
const readinessTimeoutMs = 3_000;

export function createWebhookServer(options: WebhookServerOptions): Server {
  const maxBytes = options.maxBytes ?? maxWebhookBytes;
  return createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => {
      options.log.error({ err }, "webhook handling failed");
      send(res, 500, "handler_failed");
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? "").split("?")[0];
    if (req.method === "GET" && path === "/healthz") return send(res, 200, "ok");
    if (req.method === "GET" && path === "/readyz") return sendReadiness(res, options.readiness ?? {});
    if (req.method === "GET" && path === "/metrics" && options.metrics)
      return sendMetrics(res, options.metrics);
    if (options.api && path?.startsWith("/v1/")) return options.api(req, res);
    if (options.tracePage && path?.startsWith("/runs/")) return options.tracePage(req, res);
    if (req.method !== "POST" || path !== options.webhooksPath) return send(res, 404, "not_found");
    if (options.metrics) timeAck(req, res, options.metrics.webhookAckSeconds);
    const encoding = req.headers["content-encoding"];
    if (encoding && encoding !== "identity") return refuse(req, res, 415, "unsupported_content_encoding");
    if (Number(req.headers["content-length"] ?? 0) > maxBytes)
      return refuse(req, res, 413, "payload_too_large");
    const signature = header(req, "x-hub-signature-256");
    const id = header(req, "x-github-delivery");
    const name = header(req, "x-github-event");
    if (!signature) return refuse(req, res, 401, "signature_invalid");
    if (!id || !name) return refuse(req, res, 400, "missing_github_headers");
    const body = await readCapped(req, maxBytes);
    if (body === null) return refuse(req, res, 413, "payload_too_large");
    if (!(await options.webhooks.verify(body, signature))) {
      options.log.warn({ deliveryId: id, event: name }, "webhook signature did not verify");
      return send(res, 401, "signature_invalid");
    }
    let payload: unknown;
    try {
      payload = JSON.parse(body);
    } catch {
      return send(res, 400, "payload_not_json");
    }
    // A new event GitHub added after this version: nothing handles it, and an error status would
    // only make GitHub (and our missed-delivery recovery) send it again.
    if (!knownEvents.has(name)) {
      options.log.debug({ deliveryId: id, event: name }, "ignored: unknown event name");
      return send(res, 200, "ignored");
    }
    // Verified above; the payload shape is checked by each handler's zod schema.
    await options.webhooks.receive({ id, name, payload } as EmitterWebhookEvent);
    send(res, 200, "ok");
  }
}

function header(req: IncomingMessage, name: string): string | null {
  const v = req.headers[name];
  return typeof v === "string" && v.length > 0 ? v : null;
}

function readCapped(req: IncomingMessage, maxBytes: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        req.removeAllListeners("data");
        req.resume();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(size > maxBytes ? null : Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function refuse(req: IncomingMessage, res: ServerResponse, status: number, code: string): void {
  send(res, status, code, { connection: "close" });
  req.resume();
}

function send(res: ServerResponse, status: number, code: string, headers: Record<string, string> = {}): void {
  if (res.headersSent) return;
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(status >= 400 ? { error: code } : { status: code }));
}

function timeAck(
  req: IncomingMessage,
  res: ServerResponse,
  histogram: XiheMetrics["webhookAckSeconds"],
): void {
  const started = performance.now();
  res.once("finish", () => {
    const name = header(req, "x-github-event");
    // Only names GitHub documents become label values: a sender cannot grow the label set.
    const event = name !== null && knownEvents.has(name) ? name : "unknown";
    histogram.observe({ event, status: String(res.statusCode) }, (performance.now() - started) / 1000);
  });
}

async function sendReadiness(
  res: ServerResponse,
  checks: Record<string, () => Promise<void>>,
): Promise<void> {
  const results = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => [name, await checkWithin(check)] as const),
  );
  const ready = results.every(([, problem]) => problem === null);
  res.writeHead(ready ? 200 : 503, { "content-type": "application/json" });
  res.end(
    JSON.stringify({
      status: ready ? "ready" : "not_ready",
      checks: Object.fromEntries(results.map(([name, problem]) => [name, problem ?? "ok"])),
    }),
  );
}

/** null when the check passed in time, else why not. */
async function checkWithin(check: () => Promise<void>): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${readinessTimeoutMs} ms`), readinessTimeoutMs);
  });
  try {
    return await Promise.race([
      check().then(
        () => null,
        (err: unknown) => (err instanceof Error ? err.message : String(err)),
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

async function sendMetrics(res: ServerResponse, metrics: Pick<XiheMetrics, "registry">): Promise<void> {
  const body = await metrics.registry.metrics();
  res.writeHead(200, { "content-type": metrics.registry.contentType });
  res.end(body);
}
