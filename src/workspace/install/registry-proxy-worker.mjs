// The registry proxy's server, run in a worker thread of its own (registry-proxy.ts starts it). Its own
// event loop keeps installs moving while the App's main thread is busy (synchronous SQLite, index
// builds), and its own module instances keep it clear of whatever patches the main thread's HTTP
// client (an APM agent; nock in the test suite, whose passthrough socket ends a paused response
// early: a 375 kB wheel stalled at 261 kB). Plain JavaScript: a worker does not inherit the
// TypeScript loader.
// workerData: { socketPath, allowed: [{ host, port }] }; messages in: "evidence", "close";
// messages out: { type: "listening" | "error" | "evidence" | "closed", ... }.
import { chmodSync } from "node:fs";
import { Agent, createServer, request as httpRequest } from "node:http";
import { connect } from "node:net";
import { pipeline } from "node:stream";
import { URL } from "node:url";
import { parentPort, workerData } from "node:worker_threads";

// Hop-by-hop headers describe one connection, not the message: dropped both ways (node frames the
// answer to the client itself).
const hopByHop = ["proxy-connection", "proxy-authorization", "connection", "keep-alive", "upgrade", "te"];
const hopByHopAnswer = [
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "trailer",
];

const withoutHeaders = (headers, names) => {
  const kept = { ...headers };
  for (const name of names) delete kept[name];
  return kept;
};
const { socketPath, allowed } = workerData;
const counts = new Map();
const blocked = [];
const sockets = new Set();
// Its own agent, so closing the proxy also closes the kept-alive connections to the registries.
const agent = new Agent({ keepAlive: true });

/** @param {string} host @param {number} port */
function isAllowed(host, port) {
  const key = `${host}:${port}`;
  if (allowed.some((e) => e.host === host && e.port === port)) {
    counts.set(key, (counts.get(key) ?? 0) + 1);
    return true;
  }
  if (!blocked.includes(key)) blocked.push(key);
  return false;
}

/** host:port of a CONNECT request, or null. */
function parseAuthority(authority) {
  const match = /^\[?([^\]]+?)\]?:(\d{1,5})$/.exec(authority);
  if (!match) return null;
  const port = Number(match[2]);
  if (port < 1 || port > 65535) return null;
  return { host: match[1].toLowerCase(), port };
}

function refuse(client, status, message) {
  const reason = { 400: "Bad Request", 403: "Forbidden", 502: "Bad Gateway" }[status] ?? "Error";
  client.end(
    `HTTP/1.1 ${status} ${reason}\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\n${message}\n`,
  );
}

function tunnel(req, client, head) {
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

/** The target of an absolute http:// request URL, or null. */
function targetOf(url) {
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== "http:") return null;
  const host = parsed.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return { host, port: parsed.port ? Number(parsed.port) : 80, path: `${parsed.pathname}${parsed.search}` };
}

function forwardRequest(req, res) {
  const target = targetOf(req.url ?? "");
  if (target === null)
    return void res
      .writeHead(400, { "content-type": "text/plain" })
      .end("a proxy request needs an absolute http:// URL\n");
  if (!isAllowed(target.host, target.port))
    return void res
      .writeHead(403, { "content-type": "text/plain" })
      .end(`blocked: ${target.host}:${target.port} is not an allowed registry\n`);
  const headers = withoutHeaders(req.headers, hopByHop);
  const upstream = httpRequest(
    { host: target.host, port: target.port, method: req.method, path: target.path, headers, agent },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, withoutHeaders(answer.headers, hopByHopAnswer));
      // An upstream that breaks off mid-body breaks the client's connection too, so the client fails
      // now instead of waiting out its read timeout for bytes that will never come.
      pipeline(answer, res, () => undefined);
    },
  );
  upstream.on("error", (err) => {
    if (res.headersSent) return void res.destroy(err);
    res.writeHead(502, { "content-type": "text/plain" }).end(`upstream: ${err.message}\n`);
  });
  req.pipe(upstream);
}

const evidence = () => ({
  allowed: [...counts].map(([endpoint, count]) => ({ endpoint, count })),
  blocked: [...blocked],
});

const server = createServer(forwardRequest);
server.on("connection", (socket) => {
  sockets.add(socket);
  socket.once("close", () => sockets.delete(socket));
});
server.on("connect", tunnel);
server.once("error", (err) => parentPort.postMessage({ type: "error", message: err.message }));
server.listen(socketPath, () => {
  // The sandboxed user (nobody) must be able to connect; the directory around it decides who can.
  chmodSync(socketPath, 0o666);
  parentPort.postMessage({ type: "listening" });
});
parentPort.on("message", (message) => {
  if (message === "evidence") parentPort.postMessage({ type: "evidence", evidence: evidence() });
  if (message !== "close") return;
  for (const socket of sockets) socket.destroy();
  agent.destroy();
  server.close(() => {
    parentPort.postMessage({ type: "closed", evidence: evidence() });
    parentPort.close();
  });
});
