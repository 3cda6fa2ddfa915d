// A stateful fake of the GitHub REST routes the scripted runs use (issue comments, check runs, git
// refs, pulls) on 127.0.0.1, counting what each repository got created. Each request's sender
// (the worker's pid, from the `xihe-test/<pid>` user agent) is passed to `intercept`, which may
// hold the request unanswered and destroy it (a worker killed before its request took effect).
// `/repos/:o/:r/slow/:run/:i?ms=N` answers after N ms and logs when it started (fairness, stop).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { fixture } from "../../github/app-harness.ts";

export interface SeenRequest {
  method: string;
  path: string;
  repo: string;
  pid: number;
}

export interface RepoState {
  comments: { id: number; body: string }[];
  commentsCreated: number;
  checkRunsCreated: number;
  checkRuns: { id: number; name: string; headSha: string; externalId: string | null }[];
  refsCreated: number;
  /** Push attempts that reached GitHub (an idempotent one answered 422 still counts). */
  refPosts: number;
  pullsCreated: number;
  pulls: { number: number; head: string }[];
  refs: Set<string>;
}

export interface FakeGitHubState {
  url: string;
  repos: Map<string, RepoState>;
  /** Slow-step starts in order: run id and step index. */
  slowStarts: { runId: string; step: number; pid: number }[];
  /** The most slow steps of one repository owner that were in flight at once. */
  slowMaxByOwner: Map<string, number>;
  /** Return "drop" to hold the request and destroy its socket, unanswered and without effect. */
  intercept: (req: SeenRequest) => "answer" | "drop" | Promise<"answer" | "drop">;
  close(): Promise<void>;
}

export async function startFakeGitHubState(): Promise<FakeGitHubState> {
  const repos = new Map<string, RepoState>();
  const sockets = new Set<Socket>();
  let nextId = 1000;
  const state: FakeGitHubState = {
    url: "",
    repos,
    slowStarts: [],
    slowMaxByOwner: new Map(),
    intercept: () => "answer",
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
  const slowActive = new Map<string, number>();
  const repoOf = (name: string): RepoState => {
    let r = repos.get(name);
    if (!r) {
      r = {
        comments: [],
        commentsCreated: 0,
        checkRunsCreated: 0,
        checkRuns: [],
        refsCreated: 0,
        refPosts: 0,
        pullsCreated: 0,
        pulls: [],
        refs: new Set(),
      };
      repos.set(name, r);
    }
    return r;
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      void (async () => {
        const url = new URL(req.url ?? "/", "http://x");
        const match = /^\/repos\/([^/]+\/[^/]+)(\/.*)?$/.exec(url.pathname);
        const pid = Number(/xihe-test\/(\d+)/.exec(req.headers["user-agent"] ?? "")?.[1] ?? 0);
        const seen = { method: req.method ?? "GET", path: url.pathname, repo: match?.[1] ?? "", pid };
        if ((await state.intercept(seen)) === "drop") return req.socket.destroy();
        const body = chunks.length
          ? (JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>)
          : {};
        const [status, out] = await route(seen, match?.[2] ?? "", url, body);
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(out));
      })();
    });
  });

  async function route(
    seen: SeenRequest,
    rest: string,
    url: URL,
    body: Record<string, unknown>,
  ): Promise<[number, unknown]> {
    const repo = repoOf(seen.repo);
    const m = seen.method;
    const slow = /^\/slow\/([^/]+)\/(\d+)$/.exec(rest);
    if (m === "GET" && slow) {
      state.slowStarts.push({ runId: slow[1]!, step: Number(slow[2]), pid: seen.pid });
      const owner = seen.repo.split("/")[0]!;
      const active = (slowActive.get(owner) ?? 0) + 1;
      slowActive.set(owner, active);
      state.slowMaxByOwner.set(owner, Math.max(active, state.slowMaxByOwner.get(owner) ?? 0));
      await new Promise((r) => setTimeout(r, Number(url.searchParams.get("ms") ?? 0)));
      slowActive.set(owner, (slowActive.get(owner) ?? 1) - 1);
      return [200, { ok: true }];
    }
    // What a webhook's triage reads (issue_comment.created: config, permission, the PR) and reacts.
    if (m === "GET" && rest.startsWith("/contents/")) return [404, { message: "Not Found" }];
    if (m === "GET" && /^\/collaborators\/[^/]+\/permission$/.test(rest))
      return [200, fixture("collaborator-permission.write.json")];
    const pull = /^\/pulls\/(\d+)$/.exec(rest);
    if (m === "GET" && pull) {
      const body = fixture<{ number: number; head: { sha: string } }>("pulls.get.same-repo.json");
      return [200, { ...body, number: Number(pull[1]), head: { ...body.head, sha: `sha${pull[1]}` } }];
    }
    if (m === "POST" && /^\/issues\/comments\/\d+\/reactions$/.test(rest)) return [201, { id: nextId++ }];
    if (m === "GET" && /^\/issues\/\d+\/comments$/.test(rest))
      return [
        200,
        repo.comments.map((c) => ({
          id: c.id,
          body: c.body,
          html_url: `https://github.test/c/${c.id}`,
          user: { type: "Bot" },
        })),
      ];
    if (m === "POST" && /^\/issues\/\d+\/comments$/.test(rest)) {
      const comment = { id: nextId++, body: String(body.body) };
      repo.comments.push(comment);
      repo.commentsCreated++;
      return [201, { id: comment.id, body: comment.body, html_url: `https://github.test/c/${comment.id}` }];
    }
    if (m === "PATCH" && /^\/issues\/comments\/\d+$/.test(rest)) {
      const c = repo.comments.find((x) => `/issues/comments/${x.id}` === rest);
      if (c) c.body = String(body.body);
      return [c ? 200 : 404, { id: c?.id, html_url: "https://github.test/c" }];
    }
    if (m === "POST" && rest === "/check-runs") {
      const run = {
        id: nextId++,
        name: String(body.name),
        headSha: String(body.head_sha),
        externalId: typeof body.external_id === "string" ? body.external_id : null,
      };
      repo.checkRuns.push(run);
      repo.checkRunsCreated++;
      return [201, { id: run.id }];
    }
    const listChecks = /^\/commits\/([^/]+)\/check-runs$/.exec(rest);
    if (m === "GET" && listChecks) {
      const name = url.searchParams.get("check_name");
      const runs = repo.checkRuns.filter((c) => c.headSha === listChecks[1] && (!name || c.name === name));
      return [
        200,
        {
          total_count: runs.length,
          check_runs: runs.map((c) => ({
            id: c.id,
            name: c.name,
            head_sha: c.headSha,
            external_id: c.externalId,
          })),
        },
      ];
    }
    if (m === "PATCH" && /^\/check-runs\/\d+$/.test(rest)) return [200, { id: Number(rest.split("/")[2]) }];
    if (m === "POST" && rest === "/git/refs") {
      const ref = String(body.ref);
      repo.refPosts++;
      if (repo.refs.has(ref)) return [422, { message: "Reference already exists" }];
      repo.refs.add(ref);
      repo.refsCreated++;
      return [201, { ref }];
    }
    if (m === "GET" && rest === "/pulls") {
      const head = url.searchParams.get("head");
      return [200, repo.pulls.filter((p) => p.head === head).map((p) => ({ number: p.number }))];
    }
    if (m === "POST" && rest === "/pulls") {
      const pull = { number: nextId++, head: String(body.head) };
      repo.pulls.push(pull);
      repo.pullsCreated++;
      return [201, { number: pull.number }];
    }
    if (m === "GET") return [200, {}];
    return [404, { message: "Not Found" }];
  }

  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
