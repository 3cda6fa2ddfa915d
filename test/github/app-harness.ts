// A real Probot instance with Xihe loaded, a real SQLite store and a real worker; GitHub is nock
// (or, with `baseUrl`, a local server). Deliveries are only queued by `send`: `settle` runs their
// triage in the worker, as the App's worker does right after answering the webhook.
import { sign } from "@octokit/webhooks-methods";
import { generateKeyPairSync, randomUUID } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { pino } from "pino";
import { Probot } from "probot";
import { createXiheApp } from "../../src/app.ts";
import { createPermissionCache } from "../../src/github/collaborator-permission.ts";
import { createGitHubReporter } from "../../src/github/github-reporter.ts";
import { githubUrls } from "../../src/github/github-urls.ts";
import { createTriageDelivery } from "../../src/github/triage-delivery.ts";
import { createXiheOctokit } from "../../src/github/xihe-octokit.ts";
import type { Logger } from "../../src/logger.ts";
import type { ExecutorTable } from "../../src/runs/run-executor.ts";
import { createWorker, type Worker } from "../../src/runs/worker.ts";
import { openSqliteStore } from "../../src/store/sqlite-store.ts";
import type { Store } from "../../src/store/store.ts";
import { scratchDir } from "../support/scratch-dir.ts";

export const secret = "test-webhook-secret";
export const appId = 123;
const { privateKey } = generateKeyPairSync("rsa", {
  modulusLength: 2048,
  privateKeyEncoding: { type: "pkcs1", format: "pem" },
  publicKeyEncoding: { type: "spki", format: "pem" },
});

export function fixture<T = Record<string, unknown>>(name: string): T {
  return JSON.parse(readFileSync(new URL(`../fixtures/github/${name}`, import.meta.url), "utf8")) as T;
}

interface Account {
  login: string;
  type: string;
}
interface CommentFixture {
  action: string;
  comment: { id: number; body: string; user: Account };
  sender: Account;
  [key: string]: unknown;
}

export function commentPayload(
  body: string,
  over: { login?: string; type?: string; commentId?: number } = {},
) {
  const p = fixture<CommentFixture>("issue_comment.created.on-pr.json");
  p.comment.body = body;
  if (over.login) p.comment.user.login = p.sender.login = over.login;
  if (over.type) p.comment.user.type = p.sender.type = over.type;
  if (over.commentId) p.comment.id = over.commentId;
  return p;
}

export interface Harness {
  probot: Probot;
  store: Store;
  worker: Worker;
  storePath: string;
  send(event: string, payload: unknown, id?: string): Promise<void>;
  /** Runs the worker's triage of every queued delivery until none is claimable. */
  settle(): Promise<void>;
  /** Moves the harness clock forward (parked triage jobs and runs wait on it). */
  advanceClock(ms: number): void;
  close(): Promise<void>;
}

export async function createHarness(
  options: {
    executors?: ExecutorTable | ((probot: Probot, store: Store) => ExecutorTable);
    storePath?: string;
    /** GitHub's API base URL, for a local fake GitHub instead of nock. */
    baseUrl?: string;
    requestTimeoutMs?: number;
    log?: Logger;
  } = {},
): Promise<Harness> {
  const log = options.log ?? pino({ level: process.env.XIHE_TEST_LOG ?? "silent" });
  // A folder of its own unless the caller brought a store (reopened across a restart): removed on close.
  const ownDir = options.storePath ? null : scratchDir("xihe-app-");
  const storePath = options.storePath ?? join(ownDir!, "xihe.db");
  const store = openSqliteStore(storePath);
  const Octokit = createXiheOctokit(log, {
    retryAndThrottle: false,
    requestTimeoutMs: options.requestTimeoutMs ?? 10_000,
  });
  const probot = new Probot({
    appId,
    privateKey,
    secret,
    logLevel: "fatal",
    Octokit,
    baseUrl: options.baseUrl,
  });
  let seq = 0;
  let offsetMs = 0;
  const now = () => new Date(Date.UTC(2026, 11, 2, 12, 0, seq++) + offsetMs);
  const triage = createTriageDelivery({
    appId,
    store,
    log,
    now,
    newRunId: () => `run${String(++seq).padStart(4, "0")}`,
    // The harness clock moves 1 s per reading, far faster than real time: the cache lives 10 fake
    // minutes so commands a few real seconds apart share it, as they would in production.
    permissions: createPermissionCache(600_000),
    wakeWorker: () => undefined,
    cancelRun: (id) => worker.cancel(id),
    installationOctokit: (id) => probot.auth(id ?? undefined),
    github: githubUrls({ GHE_PROTOCOL: "https" }),
  });
  const worker = createWorker({
    store,
    log,
    now,
    workerId: `w-${randomUUID().slice(0, 8)}`,
    concurrency: 2,
    executors:
      typeof options.executors === "function" ? options.executors(probot, store) : (options.executors ?? {}),
    reporterFor: (run) => createGitHubReporter(() => probot.auth(run.installationId ?? undefined), now),
    triage: { handle: triage, concurrency: 2 },
  });
  await probot.load(createXiheApp({ appId, store, log, now, wakeWorker: () => undefined }));
  return {
    probot,
    store,
    worker,
    storePath,
    async send(event, payload, id = randomUUID()) {
      const body = JSON.stringify(payload);
      await probot.webhooks.verifyAndReceive({
        id,
        name: event as "issue_comment",
        payload: body,
        signature: await sign(secret, body),
      });
    },
    settle: () => worker.drainTriage(),
    advanceClock(ms) {
      offsetMs += ms;
    },
    async close() {
      await worker.stop();
      await store.close();
      if (ownDir) rmSync(ownDir, { recursive: true, force: true });
    },
  };
}
