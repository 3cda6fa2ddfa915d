// The App's HTTP front with its API, over real HTTP on 127.0.0.1: a real Probot (GitHub is nock),
// a real SQLite store, the real worker with scripted executors, the real run starter. Tokens are
// created through the store the way `xihe token create` does.
import { generateKeyPairSync, randomBytes } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { pino } from "pino";
import { Probot } from "probot";
import { apiRoutes } from "../../src/api/api-routes.ts";
import type { RunApprover } from "../../src/api/approve-route.ts";
import type { ProjectPort } from "../../src/api/project-port.ts";
import { newApiToken } from "../../src/api/api-token.ts";
import { createApiHandler } from "../../src/api/create-api-handler.ts";
import { createRateLimiter } from "../../src/api/rate-limiter.ts";
import { createPermissionCache } from "../../src/github/collaborator-permission.ts";
import { githubUrls } from "../../src/github/github-urls.ts";
import { createApiRunStarter } from "../../src/github/start-api-run.ts";
import { createXiheOctokit } from "../../src/github/xihe-octokit.ts";
import type { ExecutorTable } from "../../src/runs/run-executor.ts";
import { createWorker, type Worker } from "../../src/runs/worker.ts";
import { maxApiBodyBytes } from "../../src/server/app-api.ts";
import { createWebhookServer } from "../../src/server/webhook-server.ts";
import { openSqliteStore } from "../../src/store/sqlite-store.ts";
import type { ApiScope, Store } from "../../src/store/store.ts";
import { toolRegistry } from "../../src/tools/registry.ts";
import { scratchDir } from "../support/scratch-dir.ts";

const { privateKey } = generateKeyPairSync("rsa", {
  modulusLength: 2048,
  privateKeyEncoding: { type: "pkcs1", format: "pem" },
  publicKeyEncoding: { type: "spki", format: "pem" },
});

export interface ApiHarness {
  url: string;
  store: Store;
  worker: Worker;
  storePath: string;
  token(scope: ApiScope, repoPattern?: string, expiresAt?: string | null): Promise<string>;
  close(): Promise<void>;
}

export async function startApiHarness(options: {
  executors: ExecutorTable;
  perMinute?: number;
  now?: () => Date;
  approver?: RunApprover;
  projects?: ProjectPort;
}): Promise<ApiHarness> {
  const log = pino({ level: process.env.XIHE_TEST_LOG ?? "silent" });
  const storePath = join(scratchDir("xihe-api-"), "xihe.db");
  const store = openSqliteStore(storePath);
  const now = options.now ?? (() => new Date());
  const probot = new Probot({
    appId: 123,
    privateKey,
    secret: "s",
    logLevel: "fatal",
    Octokit: createXiheOctokit(log, { retryAndThrottle: false, requestTimeoutMs: 10_000 }),
  });
  const worker = createWorker({
    store,
    log,
    now,
    workerId: `w-${randomBytes(3).toString("hex")}`,
    concurrency: 2,
    executors: options.executors,
    reporterFor: () => ({ started: async () => {}, progress: async () => {}, finished: async () => {} }),
  });
  const wakeWorker = () => worker.wake();
  const cancelRun = (id: string) => worker.cancel(id);
  const starter = createApiRunStarter({
    store,
    log,
    now,
    newRunId: () => `r${randomBytes(5).toString("hex")}`,
    permissions: createPermissionCache(),
    wakeWorker,
    cancelRun,
    github: githubUrls({ GHE_PROTOCOL: "https" }),
    appOctokit: () => probot.auth(),
    installationOctokit: (id) => probot.auth(id),
  });
  const routes = apiRoutes({
    store,
    now,
    starter,
    wakeWorker,
    cancelRun,
    tools: toolRegistry,
    eventPollMs: 20,
    version: "1.0.0",
    projects: options.projects ?? {
      plan: async () => ({ ok: false, reason: "unknown_repo", detail: "no projects in this test" }),
      context: async () => ({ ok: false, reason: "unknown_repo", detail: "no projects in this test" }),
    },
    approver: options.approver ?? {
      approve: async () => ({ ok: false, detail: "no approver in this test" }),
    },
  });
  const api = createApiHandler({
    routes,
    store,
    log,
    now,
    rateLimiter: createRateLimiter({ perMinute: options.perMinute ?? 1000, now }),
    maxBodyBytes: maxApiBodyBytes,
  });
  const server: Server = createWebhookServer({
    webhooks: probot.webhooks,
    webhooksPath: "/api/github/webhooks",
    log,
    api,
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    store,
    worker,
    storePath,
    async token(scope, repoPattern = "Codertocat/*", expiresAt = null) {
      const { token, record } = newApiToken(randomBytes, {
        scope,
        repoPattern,
        label: "test",
        createdAt: new Date().toISOString(),
        expiresAt,
      });
      await store.createApiToken(record);
      return token;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await worker.stop();
      await store.close();
    },
  };
}
