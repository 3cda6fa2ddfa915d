// GitHub's REST API as a local server on 127.0.0.1 with a route table of handlers, for App tests that
// also need npm's own HTTP client in-process (it does not work through nock's patched http module).
// Every request is recorded; one no route answers gets a 404 and is listed in `unexpected`.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export type ApiHandler = (call: ApiCall) => { status: number; body?: unknown };

export interface FakeGitHubApi {
  url: string;
  calls: ApiCall[];
  unexpected: string[];
  /** Adds a route (first match wins); `path` is exact or a RegExp over the path without query. */
  on(method: string, path: string | RegExp, handler: ApiHandler): void;
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeGitHubApi(): Promise<FakeGitHubApi> {
  let routes: Array<{ method: string; path: string | RegExp; handler: ApiHandler }> = [];
  const calls: ApiCall[] = [];
  const unexpected: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://local");
      const text = Buffer.concat(chunks).toString("utf8");
      const call: ApiCall = {
        method: req.method ?? "GET",
        path: decodeURIComponent(url.pathname),
        query: url.searchParams,
        body: text === "" ? null : (JSON.parse(text) as unknown),
      };
      calls.push(call);
      const route = routes.find(
        (r) =>
          r.method === call.method &&
          (typeof r.path === "string" ? r.path === call.path : r.path.test(call.path)),
      );
      const reply = route ? route.handler(call) : { status: 404, body: { message: "Not Found" } };
      if (!route) unexpected.push(`${call.method} ${call.path}?${url.searchParams.toString()}`);
      res.writeHead(reply.status, { "content-type": "application/json" });
      res.end(reply.body === undefined ? "" : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    unexpected,
    on(method, path, handler) {
      routes.push({ method, path, handler });
    },
    reset() {
      routes = [];
      calls.length = 0;
      unexpected.length = 0;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
