// `xihe serve`: the HTTP API (/v1) and the run trace pages (/runs/{id}) alone, over the store that
// `xihe fix` and the App write (XIHE_STORE) — for people who use Xihe from the command line, without
// a GitHub App and its webhooks. Runs are read, followed, traced, cancelled and approved (a held
// change resumes `xihe fix` in its checkout) here; starting one needs the App (POST /v1/execute
// answers repository-not-installed saying so).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { apiRoutes } from "../api/api-routes.ts";
import { createApiHandler } from "../api/create-api-handler.ts";
import { sendProblem, ApiProblem } from "../api/problem.ts";
import { createRateLimiter } from "../api/rate-limiter.ts";
import type { RunStarter } from "../api/run-starter.ts";
import type { Env } from "../config.ts";
import type { Logger } from "../logger.ts";
import { openStore } from "../store/open-store.ts";
import { toolRegistry, workflowTools } from "../tools/registry.ts";
import { modelSettingsFromEnv } from "../agent/model/model-settings.ts";
import { localProjects } from "../verbs/plan/local-projects.ts";
import { maxApiBodyBytes } from "./app-api.ts";
import { resumeCliRunApprover } from "./resume-cli-run.ts";
import { createTracePages } from "./trace-pages.ts";

/** Without the App there is no installation to run on: say what to do instead. */
const noAppStarter: RunStarter = {
  async start(request) {
    return {
      ok: false,
      reason: "not_installed",
      detail: `this server is \`xihe serve\` (no GitHub App), so it cannot start runs on ${request.repo}; run \`xihe ${request.verb}\` in a checkout, or start runs through the App's server`,
    };
  },
};

export interface ServeOptions {
  env: Env;
  storePath: string;
  /** The environment `xihe serve` was started with: an approved run's resume gets it (model keys). */
  hostEnv: Readonly<Record<string, string | undefined>>;
  log: Logger;
  host: string;
  port: number;
  /** The local checkouts POST /v1/plan and /v1/projects/{owner}/{repo}/context read. */
  projects: readonly string[];
}

export async function startServe(options: ServeOptions): Promise<{ url: string; close(): Promise<void> }> {
  const { env, log } = options;
  const projects = await localProjects(options.projects, {
    sandbox: env.XIHE_SANDBOX,
    modelConfigured: modelSettingsFromEnv(env) !== null,
  });
  const store = await openStore(options.storePath, { poolSize: env.XIHE_STORE_POOL_SIZE, log });
  const now = () => new Date();
  const api = createApiHandler({
    routes: apiRoutes({
      store,
      now,
      starter: noAppStarter,
      wakeWorker: () => undefined,
      // A run of `xihe fix` lives in its own process, which watches its record: marking the run
      // cancelled in the store (the route does) stops it (cli/watch-cancel.ts).
      cancelRun: () => undefined,
      tools: [...toolRegistry, ...workflowTools],
      eventPollMs: 500,
      version: "1.0.0",
      approver: resumeCliRunApprover({
        store,
        storePath: options.storePath,
        hostEnv: options.hostEnv,
        log,
        now,
      }),
      projects,
    }),
    store,
    log: log.child({ name: "api" }),
    now,
    rateLimiter: createRateLimiter({ perMinute: env.XIHE_API_RATE_PER_MINUTE, now }),
    maxBodyBytes: maxApiBodyBytes,
  });
  const tracePage = createTracePages({ env, store, log, now });
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0] ?? "";
    const handled =
      req.method === "GET" && path === "/healthz"
        ? Promise.resolve(void res.writeHead(200, { "content-type": "text/plain" }).end("ok"))
        : path.startsWith("/v1/")
          ? api(req, res)
          : path.startsWith("/runs/")
            ? tracePage(req, res)
            : Promise.resolve(sendProblem(res, new ApiProblem("not-found", `nothing at ${path}`), path));
    handled.catch((err: unknown) => log.error({ err }, "request failed"));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(":") ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await store.close();
    },
  };
}
