// A real git smart-HTTP server on loopback (git http-backend behind a tiny CGI bridge) that demands
// one token as `Authorization: Basic x-access-token:<token>`, the way GitHub takes an App token.
import { spawn } from "node:child_process";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface SmartHttp {
  url: (repo: string) => string;
  /** Authorization headers seen, in order ("none" when absent). */
  seen: string[];
  close(): Promise<void>;
}

export async function startSmartHttp(projectRoot: string, token: string): Promise<SmartHttp> {
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(req.headers.authorization ?? "none");
    serveGitHttp(req, res, { projectRoot, token });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (repo) => `http://127.0.0.1:${port}/${repo}`,
    seen,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The Basic credentials GitHub's git endpoint takes for an App or Actions token. */
export function gitBasicAuth(token: string): string {
  return `Basic ${Buffer.from(`x-access-token:${token}`).toString("base64")}`;
}

/** Answers one git smart-HTTP request for a repository under `projectRoot` (401 without `token`). */
export function serveGitHttp(
  req: IncomingMessage,
  res: ServerResponse,
  options: { projectRoot: string; token: string },
): void {
  if (req.headers.authorization !== gitBasicAuth(options.token)) {
    req.resume();
    res.writeHead(401, { "WWW-Authenticate": 'Basic realm="test"' }).end("unauthorized");
    return;
  }
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const cgi = spawn("git", ["http-backend"], {
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      GIT_PROJECT_ROOT: options.projectRoot,
      GIT_HTTP_EXPORT_ALL: "1",
      GIT_CONFIG_NOSYSTEM: "1",
      REMOTE_USER: "x-access-token",
      PATH_INFO: decodeURIComponent(url.pathname),
      QUERY_STRING: url.search.slice(1),
      REQUEST_METHOD: req.method ?? "GET",
      CONTENT_TYPE: req.headers["content-type"] ?? "",
      HTTP_CONTENT_ENCODING: String(req.headers["content-encoding"] ?? ""),
      GIT_PROTOCOL: String(req.headers["git-protocol"] ?? ""),
    },
  });
  req.pipe(cgi.stdin);
  const chunks: Buffer[] = [];
  cgi.stdout.on("data", (c: Buffer) => chunks.push(c));
  cgi.on("close", () => {
    const out = Buffer.concat(chunks);
    const split = out.indexOf("\r\n\r\n");
    const headerText = out.subarray(0, split).toString("utf8");
    const headers: Record<string, string> = {};
    let status = 200;
    for (const line of headerText.split("\r\n")) {
      const [name = "", ...rest] = line.split(":");
      const value = rest.join(":").trim();
      if (name.toLowerCase() === "status") status = Number(value.split(" ")[0]);
      else if (name !== "") headers[name] = value;
    }
    res.writeHead(status, headers).end(out.subarray(split + 4));
  });
}
