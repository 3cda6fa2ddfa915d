// A GitHub Enterprise Server on 127.0.0.1 for one pull request, speaking real protocols: REST under
// /api/v3 (the endpoints a `/xihe fix` run calls, shapes from GitHub's REST reference, state kept
// across calls: comments, check runs, fix PRs), git smart HTTP on the web host for repositories under
// `projectRoot` (git http-backend), and the job-log blob GitHub redirects to. App JWTs are verified
// against the App's public key; every REST call must carry a token this server minted.
import { execFileSync } from "node:child_process";
import { verify } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { serveGitHttp } from "../delivery/smart-http-server.ts";

export interface GhesScenario {
  appId: number;
  publicKey: string;
  installationId: number;
  /** "owner/name" of the one repository. */
  repo: string;
  projectRoot: string;
  /** The REST `pulls.get` body of PR #1, given this server's web address. */
  pull: (web: string) => { head: { sha: string }; [key: string]: unknown };
  configText: string;
  /** The failed job's log. */
  jobLog: string;
  /** The token REST calls must carry: the App's installation token, or a `--pr` run's GITHUB_TOKEN. */
  installationToken: string;
  /** The token git must carry: a minted run token, or (token runs) the same GITHUB_TOKEN. */
  runToken: string;
}

interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}
type Route = [method: string, path: RegExp, answer: (m: string[], req: Req) => Reply];
interface Req {
  body: Record<string, unknown>;
  query: URLSearchParams;
}

export interface FakeGhes {
  /** `http://127.0.0.1:<port>`: GHE_HOST is its host:port, GHE_PROTOCOL http. */
  web: string;
  host: string;
  /** Every REST call, "METHOD /path" without /api/v3 and the query. */
  calls: string[];
  /** REST calls no route answers (404), and calls refused for their credentials (401). */
  unexpected: string[];
  comments: { id: number; body: string }[];
  checkRuns: Map<number, Record<string, unknown>>;
  pulls: { number: number; head: string; base: string; html_url: string }[];
  /** The body of each run-token request (repositories and permissions asked). */
  runTokenRequests: Record<string, unknown>[];
  /** Reviews posted on PR #1 (`/xihe explain`), as their create request asked. */
  reviews: { id: number; body: string; commit_id: string; event: string; comments: unknown[] }[];
  close(): Promise<void>;
}

export async function startFakeGhes(s: GhesScenario): Promise<FakeGhes> {
  const state: Omit<FakeGhes, "web" | "host" | "close"> = {
    calls: [],
    unexpected: [],
    comments: [],
    checkRuns: new Map(),
    pulls: [],
    runTokenRequests: [],
    reviews: [],
  };
  const sockets = new Set<Socket>();
  let web = "";
  const routes = (): Route[] => repoRoutes(s, state, web);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname === "/_blobs/job.log") return void res.writeHead(200).end(s.jobLog);
    if (!url.pathname.startsWith("/api/"))
      return serveGitHttp(req, res, { projectRoot: s.projectRoot, token: s.runToken });
    void readJson(req).then((body) => send(res, answerRest(s, state, routes(), req, url, body)));
  });
  server.on("connection", (c) => (sockets.add(c), c.on("close", () => sockets.delete(c))));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  web = `http://${host}`;
  return Object.assign(state, {
    web,
    host,
    async close() {
      for (const c of sockets) c.destroy();
      await new Promise((r) => server.close(r));
    },
  });
}

function answerRest(
  s: GhesScenario,
  state: Omit<FakeGhes, "web" | "host" | "close">,
  routes: Route[],
  req: IncomingMessage,
  url: URL,
  body: Record<string, unknown>,
): Reply {
  const path = decodeURIComponent(url.pathname.replace(/^\/api\/v3/, ""));
  const call = `${req.method} ${path}`;
  state.calls.push(call);
  const auth = req.headers.authorization ?? "";
  const appCall = path.startsWith("/app/") || path === "/app";
  const allowed = appCall ? isAppJwt(auth, s) : auth === `token ${s.installationToken}`;
  if (!allowed) return refuse(state, `${call} (credentials)`, 401, "Bad credentials");
  for (const [method, pattern, answer] of routes) {
    const m = method === req.method ? pattern.exec(path) : null;
    if (m) return answer([...m], { body, query: url.searchParams });
  }
  return refuse(state, call, 404, "Not Found");
}

function refuse(state: { unexpected: string[] }, what: string, status: number, message: string): Reply {
  state.unexpected.push(what);
  return { status, body: { message, documentation_url: "https://docs.github.com/enterprise-server/rest" } };
}

function repoRoutes(s: GhesScenario, state: Omit<FakeGhes, "web" | "host" | "close">, web: string): Route[] {
  const r = `^/repos/${s.repo}`;
  const [, name] = s.repo.split("/");
  const pull = s.pull(web);
  const head = pull.head.sha;
  const bot = { login: "xihe[bot]", id: 9000, type: "Bot" };
  const reviewOf = (v: FakeGhes["reviews"][number]) => ({
    id: v.id,
    user: bot,
    body: v.body,
    state: "COMMENTED",
    commit_id: v.commit_id,
    html_url: `${web}/${s.repo}/pull/1#pullrequestreview-${v.id}`,
  });
  const commentOf = (c: { id: number; body: string }) => ({
    ...c,
    user: bot,
    html_url: `${web}/${s.repo}/pull/1#issuecomment-${c.id}`,
  });
  return [
    ["GET", /^\/app\/hook\/deliveries$/, () => ({ status: 200, body: [] })],
    // The upgrade scheduler's look at which repositories schedule upgrades: none here.
    ["GET", /^\/app\/installations$/, () => ({ status: 200, body: [] })],
    [
      "POST",
      new RegExp(`^/app/installations/${s.installationId}/access_tokens$`),
      (_m, { body }) => {
        if (!("repositories" in body))
          return {
            status: 201,
            body: { token: s.installationToken, expires_at: "2099-01-01T00:00:00Z", permissions: {} },
          };
        state.runTokenRequests.push(body);
        const permissions = body.permissions as Record<string, string>;
        return {
          status: 201,
          body: {
            token: s.runToken,
            expires_at: "2099-01-01T00:00:00Z",
            permissions,
            repositories: [{ name }],
          },
        };
      },
    ],
    [
      "GET",
      new RegExp(`${r}/contents/\\.github/xihe\\.yml$`),
      (_m, { query }) =>
        query.get("ref") === "master"
          ? {
              status: 200,
              body: {
                type: "file",
                encoding: "base64",
                path: ".github/xihe.yml",
                content: Buffer.from(s.configText).toString("base64"),
              },
            }
          : { status: 404, body: { message: "Not Found" } },
    ],
    [
      "GET",
      new RegExp(`${r}/collaborators/([^/]+)/permission$`),
      ([, user]) => ({
        status: 200,
        body: { permission: "write", role_name: "write", user: { login: user, type: "User" } },
      }),
    ],
    [
      "GET",
      new RegExp(`${r}$`),
      () => ({
        status: 200,
        body: {
          id: 186853002,
          name,
          full_name: s.repo,
          default_branch: "master",
          html_url: `${web}/${s.repo}`,
        },
      }),
    ],
    ["GET", new RegExp(`${r}/pulls/1$`), () => ({ status: 200, body: pull })],
    [
      "POST",
      new RegExp(`${r}/issues/comments/\\d+/reactions$`),
      () => ({ status: 201, body: { id: 1, content: "eyes" } }),
    ],
    [
      "GET",
      new RegExp(`${r}/issues/1/comments$`),
      () => ({ status: 200, body: state.comments.map(commentOf) }),
    ],
    [
      "POST",
      new RegExp(`${r}/issues/1/comments$`),
      (_m, { body }) => {
        const comment = { id: 555 + state.comments.length, body: String(body.body) };
        state.comments.push(comment);
        return { status: 201, body: commentOf(comment) };
      },
    ],
    [
      "PATCH",
      new RegExp(`${r}/issues/comments/(\\d+)$`),
      ([, id], { body }) => {
        const comment = state.comments.find((c) => c.id === Number(id));
        if (!comment) return { status: 404, body: { message: "Not Found" } };
        comment.body = String(body.body);
        return { status: 200, body: commentOf(comment) };
      },
    ],
    [
      "POST",
      new RegExp(`${r}/check-runs$`),
      (_m, { body }) => {
        const id = 777 + state.checkRuns.size;
        state.checkRuns.set(id, body);
        return { status: 201, body: { id, ...body, html_url: `${web}/${s.repo}/runs/${id}` } };
      },
    ],
    [
      "PATCH",
      new RegExp(`${r}/check-runs/(\\d+)$`),
      ([, id], { body }) => {
        state.checkRuns.set(Number(id), { ...state.checkRuns.get(Number(id)), ...body });
        return { status: 200, body: { id: Number(id), ...body } };
      },
    ],
    [
      "GET",
      new RegExp(`${r}/commits/${head}/check-runs$`),
      () => ({
        status: 200,
        body: {
          total_count: 1,
          check_runs: [
            {
              id: 4242,
              name: "test",
              head_sha: head,
              status: "completed",
              conclusion: "failure",
              details_url: `${web}/${s.repo}/actions/runs/1/job/4242`,
              app: { id: 2, slug: "github-actions", name: "GitHub Actions" },
              output: { title: null, summary: null, text: null, annotations_count: 0 },
            },
          ],
        },
      }),
    ],
    [
      "GET",
      new RegExp(`${r}/commits/${head}/status$`),
      () => ({ status: 200, body: { state: "failure", statuses: [] } }),
    ],
    [
      "GET",
      new RegExp(`${r}/actions/jobs/4242/logs$`),
      () => ({ status: 302, headers: { location: `${web}/_blobs/job.log` } }),
    ],
    [
      "GET",
      new RegExp(`${r}/git/trees/([0-9a-f]{40})$`),
      ([, sha], { query }) => ({ status: 200, body: treeOf(s, sha!, query.get("recursive") !== null, web) }),
    ],
    ["GET", new RegExp(`${r}/pulls/1/reviews$`), () => ({ status: 200, body: state.reviews.map(reviewOf) })],
    [
      "POST",
      new RegExp(`${r}/pulls/1/reviews$`),
      (_m, { body }) => {
        const review = {
          id: 880 + state.reviews.length,
          body: String(body.body),
          commit_id: String(body.commit_id),
          event: String(body.event),
          comments: Array.isArray(body.comments) ? body.comments : [],
        };
        state.reviews.push(review);
        return { status: 200, body: reviewOf(review) };
      },
    ],
    [
      "GET",
      new RegExp(`${r}/pulls$`),
      (_m, { query }) => ({
        status: 200,
        body: state.pulls.filter((p) => `${s.repo.split("/")[0]}:${p.head}` === query.get("head")),
      }),
    ],
    [
      "POST",
      new RegExp(`${r}/pulls$`),
      (_m, { body }) => {
        const number = 2 + state.pulls.length;
        const pr = {
          number,
          head: String(body.head),
          base: String(body.base),
          html_url: `${web}/${s.repo}/pull/${number}`,
        };
        state.pulls.push(pr);
        return {
          status: 201,
          body: { ...pr, state: "open", head: { ref: pr.head }, base: { ref: pr.base } },
        };
      },
    ],
  ];
}

/** `GET /git/trees/{sha}` from the served bare repository (`<projectRoot>/<owner>/<name>.git`). */
function treeOf(s: GhesScenario, sha: string, recursive: boolean, web: string) {
  const bare = `${s.projectRoot}/${s.repo}.git`;
  const args = ["ls-tree", "-l", "--full-tree", ...(recursive ? ["-r"] : []), sha];
  const lines = execFileSync("git", args, { cwd: bare, encoding: "utf8" }).split("\n").filter(Boolean);
  const tree = lines.map((line) => {
    const [meta = "", path = ""] = line.split("\t");
    const [mode, type, object, size] = meta.split(/\s+/);
    const url = `${web}/api/v3/repos/${s.repo}/git/${type === "tree" ? "trees" : "blobs"}/${object}`;
    return { path, mode, type, sha: object, ...(type === "blob" ? { size: Number(size) } : {}), url };
  });
  return { sha, url: `${web}/api/v3/repos/${s.repo}/git/trees/${sha}`, tree, truncated: false };
}

/** An RS256 App JWT signed by the App's key, issued for this App and not expired. */
function isAppJwt(auth: string, s: GhesScenario): boolean {
  const [header = "", payload = "", signature = ""] = auth.replace(/^bearer /i, "").split(".");
  const signed = verify(
    "RSA-SHA256",
    Buffer.from(`${header}.${payload}`),
    s.publicKey,
    Buffer.from(signature, "base64url"),
  );
  if (!signed) return false;
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as {
    iss?: unknown;
    exp?: number;
  };
  return String(claims.iss) === String(s.appId) && (claims.exp ?? 0) * 1000 > Date.now();
}

function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      resolve(text === "" ? {} : (JSON.parse(text) as Record<string, unknown>));
    });
  });
}

function send(res: ServerResponse, reply: Reply): void {
  res.writeHead(reply.status, { "content-type": "application/json; charset=utf-8", ...reply.headers });
  res.end(reply.body === undefined ? "" : JSON.stringify(reply.body));
}
