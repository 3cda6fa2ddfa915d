// A real HTTP server on 127.0.0.1 that answers chat-completions requests with recorded turns, in
// order, and keeps every request body so tests can check what the client sent.
import { createServer, type IncomingMessage, type Server } from "node:http";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { AddressInfo } from "node:net";

export interface ScriptedReply {
  status?: number;
  headers?: Record<string, string>;
  body: unknown;
  /** Answer only after this long (to exercise client timeouts). */
  delayMs?: number;
}

export interface ScriptedModelServer {
  baseURL: string;
  requests: Array<{ path: string; body: Record<string, unknown> }>;
  remaining: () => number;
  close: () => Promise<void>;
}

export async function startScriptedModelServer(
  replies: ScriptedReply[],
  onRequest: (index: number) => void = () => {},
): Promise<ScriptedModelServer> {
  const queue = [...replies];
  const requests: ScriptedModelServer["requests"] = [];
  const server: Server = createServer((req, res) => {
    void readBody(req).then((text) => {
      requests.push({ path: req.url ?? "", body: JSON.parse(text) as Record<string, unknown> });
      onRequest(requests.length - 1);
      const reply = queue.shift();
      if (!reply) {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: "scripted model: no more recorded turns" } }));
        return;
      }
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(reply.status ?? 200, { "content-type": "application/json", ...reply.headers });
        res.end(JSON.stringify(reply.body));
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs).unref();
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    remaining: () => queue.length,
    close: () => new Promise((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}

/** Recorded turns from test/fixtures/agent/<name>.json: an array of ScriptedReply. */
export function loadTurns(name: string): ScriptedReply[] {
  const url = new URL(`../../fixtures/agent/${name}.json`, import.meta.url);
  return JSON.parse(readFileSync(fileURLToPath(url), "utf8")) as ScriptedReply[];
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
