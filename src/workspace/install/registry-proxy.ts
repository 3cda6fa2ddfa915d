// The install phase's only way out: an HTTP(S) forward proxy on a unix socket that tunnels CONNECT
// and forwards absolute-URI requests to allow-listed registry hosts only (by name and port, as the
// client asked; DNS is resolved here, on the host). Everything else gets 403 and is recorded as
// "blocked: host:port" for the run's evidence (A21, A28).
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import { connect, type Socket } from "node:net";
import { chmodSync } from "node:fs";

export interface RegistryEndpoint {
  host: string;
  port: number;
}

export type ProxyEvidence = {
  /** Each distinct allowed endpoint with how many connections or requests went to it. */
  allowed: Array<{ endpoint: string; count: number }>;
  /** Each distinct refused endpoint, in the order first seen. */
  blocked: string[];
};

export interface RegistryProxy {
  socketPath: string;
  evidence(): ProxyEvidence;
  close(): Promise<void>;
}

const hopByHop = ["proxy-connection", "proxy-authorization", "connection", "keep-alive", "upgrade", "te"];

/** The endpoint a registry URL names: host name (lower-case, no brackets) and port (scheme default). */
export function endpointOf(url: string): RegistryEndpoint | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
  const port = parsed.port ? Number(parsed.port) : parsed.protocol === "https:" ? 443 : 80;
  return { host: parsed.hostname.replace(/^\[|\]$/g, "").toLowerCase(), port };
}

export async function startRegistryProxy(options: {
  socketPath: string;
  allowed: readonly RegistryEndpoint[];
}): Promise<RegistryProxy> {
  const counts = new Map<string, number>();
  const blocked: string[] = [];
  const isAllowed = (host: string, port: number): boolean => {
    const key = `${host}:${port}`;
    if (options.allowed.some((e) => e.host === host && e.port === port)) {
      counts.set(key, (counts.get(key) ?? 0) + 1);
      return true;
    }
    if (!blocked.includes(key)) blocked.push(key);
    return false;
  };
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => forwardRequest(req, res, isAllowed));
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  server.on("connect", (req: IncomingMessage, client: Socket, head: Buffer) =>
    tunnel(req, client, head, isAllowed),
  );
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.socketPath, resolve);
  });
  // The sandboxed user (nobody) must be able to connect; the directory around it decides who can.
  chmodSync(options.socketPath, 0o666);
  return {
    socketPath: options.socketPath,
    evidence: () => ({
      allowed: [...counts].map(([endpoint, count]) => ({ endpoint, count })),
      blocked: [...blocked],
    }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function tunnel(
  req: IncomingMessage,
  client: Socket,
  head: Buffer,
  isAllowed: (host: string, port: number) => boolean,
): void {
  client.on("error", () => client.destroy());
  const target = parseAuthority(req.url ?? "");
  if (target === null) return refuse(client, 400, "CONNECT needs host:port");
  if (!isAllowed(target.host, target.port))
    return refuse(client, 403, `blocked: ${target.host}:${target.port} is not an allowed registry`);
  const upstream = connect(target.port, target.host, () => {
    client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
    if (head.length > 0) upstream.write(head);
    upstream.pipe(client);
    client.pipe(upstream);
  });
  upstream.on("error", (err) => {
    if (client.writable && upstream.connecting) return refuse(client, 502, `upstream: ${err.message}`);
    client.destroy();
  });
  client.on("close", () => upstream.destroy());
}

function forwardRequest(
  req: IncomingMessage,
  res: ServerResponse,
  isAllowed: (host: string, port: number) => boolean,
): void {
  const target = endpointOf(req.url ?? "");
  if (target === null || !(req.url ?? "").startsWith("http://")) {
    res
      .writeHead(400, { "content-type": "text/plain" })
      .end("a proxy request needs an absolute http:// URL\n");
    return;
  }
  if (!isAllowed(target.host, target.port)) {
    res
      .writeHead(403, { "content-type": "text/plain" })
      .end(`blocked: ${target.host}:${target.port} is not an allowed registry\n`);
    return;
  }
  const url = new URL(req.url ?? "");
  const headers = { ...req.headers };
  for (const name of hopByHop) delete headers[name];
  const upstream = httpRequest(
    {
      host: target.host,
      port: target.port,
      method: req.method,
      path: `${url.pathname}${url.search}`,
      headers,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on("error", (err) => {
    if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
    res.end(`upstream: ${err.message}\n`);
  });
  req.pipe(upstream);
}

function parseAuthority(authority: string): RegistryEndpoint | null {
  const match = /^\[?([^\]]+?)\]?:(\d{1,5})$/.exec(authority);
  if (!match) return null;
  const port = Number(match[2]);
  if (port < 1 || port > 65535) return null;
  return { host: (match[1] ?? "").toLowerCase(), port };
}

function refuse(client: Socket, status: number, message: string): void {
  const reason = { 400: "Bad Request", 403: "Forbidden", 502: "Bad Gateway" }[status] ?? "Error";
  client.end(
    `HTTP/1.1 ${status} ${reason}\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\n${message}\n`,
  );
}
