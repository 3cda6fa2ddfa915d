// Wires the HTTP API (/v1) of the App process: the routes over the App's store and worker, the
// GitHub run starter (installation found with the App's JWT), the tool registry, the per-token rate
// limit. Runs it records are queued for the same worker the webhooks feed.
import { randomBytes } from "node:crypto";
import type { Probot } from "probot";
import { apiRoutes } from "../api/api-routes.ts";
import { createApiHandler, type ApiHandler } from "../api/create-api-handler.ts";
import { createRateLimiter } from "../api/rate-limiter.ts";
import type { ProjectPort } from "../api/project-port.ts";
import type { Env } from "../config.ts";
import { createPermissionCache } from "../github/collaborator-permission.ts";
import type { GitHubUrls } from "../github/github-urls.ts";
import { createApiRunStarter } from "../github/start-api-run.ts";
import type { Logger } from "../logger.ts";
import type { Worker } from "../runs/worker.ts";
import type { Store } from "../store/store.ts";
import { toolRegistry, workflowTools } from "../tools/registry.ts";

/** The API's request bodies are small JSON documents; anything larger is refused unread. */
export const maxApiBodyBytes = 64 * 1024;

export function createAppApi(
  app: { env: Env; store: Store; log: Logger; now: () => Date; probot: Probot; github: GitHubUrls },
  worker: Pick<Worker, "wake" | "cancel">,
): ApiHandler {
  const { store, log, now } = app;
  const starter = createApiRunStarter({
    store,
    log,
    now,
    newRunId: () => `r${randomBytes(5).toString("hex")}`,
    permissions: createPermissionCache(),
    wakeWorker: () => worker.wake(),
    cancelRun: (id) => worker.cancel(id),
    github: app.github,
    appOctokit: () => app.probot.auth(),
    installationOctokit: (id) => app.probot.auth(id),
  });
  const routes = apiRoutes({
    store,
    now,
    starter,
    wakeWorker: () => worker.wake(),
    cancelRun: (id) => worker.cancel(id),
    tools: [...toolRegistry, ...workflowTools],
    eventPollMs: 500,
    version: "1.0.0",
    // A resumed App run starts in a fresh clone that lacks the held round's commits, so resuming
    // it with an approval would verify a different change; only `xihe serve` resumes (CLI runs).
    projects: appProjects,
    approver: {
      async approve(run) {
        return {
          ok: false,
          detail: `approving a held change of an App run is not built yet; run ${run.id} stays as it is (re-run /xihe fix after changing the code, or use xihe fix --resume in a checkout)`,
        };
      },
    },
  });
  return createApiHandler({
    routes,
    store,
    log: log.child({ name: "api" }),
    now,
    rateLimiter: createRateLimiter({ perMinute: app.env.XIHE_API_RATE_PER_MINUTE, now }),
    maxBodyBytes: maxApiBodyBytes,
  });
}

// The App holds no checkout between runs: planning a PR needs a read-only clone and its check logs,
// which is not built yet; `xihe serve --project DIR` plans local checkouts.
const appProjects: ProjectPort = {
  async plan(request) {
    return { ok: false, reason: "unsupported", detail: notOnTheApp(request.repo) };
  },
  async context(repo) {
    return { ok: false, reason: "unsupported", detail: notOnTheApp(repo) };
  },
};

const notOnTheApp = (repo: string) =>
  `the App's server does not plan or describe ${repo} yet; run \`xihe serve --project DIR\` over a checkout of it`;
