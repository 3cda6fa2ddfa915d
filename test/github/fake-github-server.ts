// A local HTTP server standing in for GitHub's API: while `hang`ing it accepts every request and
// never answers (what a stalled GitHub looks like to a client); once `answer`ed it replies from a
// route table ("METHOD /path" -> status and body, optionally after a delay) and counts the hits.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface FakeRoute {
  status: number;
  body?: unknown;
}

export interface FakeGitHub {
  url: string;
  hits: Map<string, number>;
  /** Every request received, answered or (while hanging) not. */
  received(): number;
  hang(): void;
  answer(routes: Record<string, FakeRoute>, delayMs?: number): void;
  close(): Promise<void>;
}

export async function startFakeGitHub(): Promise<FakeGitHub> {
  let routes: Record<string, FakeRoute> | null = null;
  let delayMs = 0;
  const hits = new Map<string, number>();
  let received = 0;
  const sockets = new Set<Socket>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    received++;
    if (!routes) return; // hang: never answer
    const key = `${req.method} ${(req.url ?? "").split("?")[0]}`;
    hits.set(key, (hits.get(key) ?? 0) + 1);
    const route = routes[key] ?? { status: 404, body: { message: "Not Found" } };
    setTimeout(() => {
      res.writeHead(route.status, { "content-type": "application/json" });
      res.end(route.body === undefined ? "" : JSON.stringify(route.body));
    }, delayMs);
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    received: () => received,
    hang() {
      routes = null;
    },
    answer(next, delay = 0) {
      routes = next;
      delayMs = delay;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}
