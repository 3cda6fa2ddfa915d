// Several pull requests for one GitHub Enterprise Server host: one fake GHES (fake-ghes-server.ts,
// its own state and bare repository of the stats-kit fixture) per repository `<owner>/Hello-World`,
// behind one front server on 127.0.0.1 that routes by owner — REST under /api/v3/repos/<owner>/…,
// git smart HTTP under /<owner>/Hello-World.git/… — and counts the pushes (git-receive-pack POSTs)
// each repository got. App-level calls (/api/v3/app/…, tokens) go to the first server: every
// repository is in the same installation and the servers mint the same tokens.
import { createServer, request, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { fixture } from "../../github/app-harness.ts";
import { startFakeGhes, type FakeGhes } from "../../github/fake-ghes-server.ts";
import { commands, onServer } from "../../github/ghes-fix-scenario.ts";
import { makeProjectRemote, type ProjectRemote } from "../../verbs/fix/e2e-project-remote.ts";

const project = fileURLToPath(new URL("../../fixtures/projects/stats-kit/", import.meta.url));

export interface FleetRepo {
  owner: string;
  /** "<owner>/Hello-World" */
  repo: string;
  remote: ProjectRemote;
  ghes: FakeGhes;
  /** git-receive-pack POSTs the server took (200): pushes that reached the repository. */
  receivePacks: number;
}

export interface GhesFleet {
  /** `http://127.0.0.1:<port>` of the front server: GHE_HOST is its host:port. */
  web: string;
  host: string;
  repos: Map<string, FleetRepo>;
  /** A github.com fixture payload as this server sends it for `owner`'s repository. */
  forOwner<T>(payload: T, owner: string): T;
  close(): Promise<void>;
}

export async function startGhesFleet(
  root: string,
  owners: string[],
  server: { appId: number; publicKey: string; installationToken: string; runToken: string },
): Promise<GhesFleet> {
  const repos = new Map<string, FleetRepo>();
  const sockets = new Set<Socket>();
  const front = createServer((req, res) => forward(req, res));
  front.on("connection", (c) => (sockets.add(c), c.on("close", () => sockets.delete(c))));
  await new Promise<void>((r) => front.listen(0, "127.0.0.1", r));
  const host = `127.0.0.1:${(front.address() as AddressInfo).port}`;
  const web = `http://${host}`;
  const forOwner = <T>(payload: T, owner: string): T =>
    JSON.parse(JSON.stringify(onServer(payload, web)).replaceAll("Codertocat", owner)) as T;

  for (const owner of owners) {
    // Every bare repository lives at <root>/<owner>/Hello-World.git, where its server serves it.
    const remote = makeProjectRemote(join(root, owner), project, [
      "stats-kit: mean, median, range",
      "median: simpler; range: name the bounds",
    ]);
    const ghes = await startFakeGhes({
      ...server,
      installationId: 2311213,
      repo: `${owner}/Hello-World`,
      projectRoot: root,
      pull: () => {
        const pull = forOwner(fixture<{ head: { sha: string } }>("pulls.get.same-repo.json"), owner);
        pull.head.sha = remote.head;
        return pull;
      },
      configText: `commands: ${JSON.stringify(commands)}\n`,
      jobLog: remote.log,
    });
    repos.set(owner, { owner, repo: `${owner}/Hello-World`, remote, ghes, receivePacks: 0 });
  }
  const first = repos.values().next().value!;

  function forward(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? "/", web).pathname;
    const owner =
      /^\/api\/v3\/repos\/([^/]+)\//.exec(path)?.[1] ?? /^\/([^/]+)\/Hello-World\.git\//.exec(path)?.[1];
    const target = (owner && repos.get(owner)) || first;
    const upstream = request(
      {
        host: "127.0.0.1",
        port: new URL(target.ghes.web).port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        const push = req.method === "POST" && path.endsWith("/git-receive-pack");
        if (push && answer.statusCode === 200) target.receivePacks++;
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  }

  return {
    web,
    host,
    repos,
    forOwner,
    async close() {
      for (const c of sockets) c.destroy();
      await new Promise((r) => front.close(r));
      await Promise.all([...repos.values()].map((r) => r.ghes.close()));
    },
  };
}
