// Issue 19's guard: no webhook handler waits on GitHub. Every subscribed event is received by the
// real App with an Octokit whose every request never resolves; each delivery must be handled at
// once with zero requests, its triage queued in the store for the worker.
import { generateKeyPairSync, randomUUID } from "node:crypto";
import { join } from "node:path";
import { pino } from "pino";
import { Probot, ProbotOctokit } from "probot";
import { afterEach, describe, expect, it } from "vitest";
import { createXiheApp } from "../src/app.ts";
import { openSqliteStore } from "../src/store/sqlite-store.ts";
import type { Store } from "../src/store/store.ts";
import { subscribedDeliveries } from "./github/webhook-deliveries.ts";
import { scratchDir } from "./support/scratch-dir.ts";

const { privateKey } = generateKeyPairSync("rsa", {
  modulusLength: 2048,
  privateKeyEncoding: { type: "pkcs1", format: "pem" },
  publicKeyEncoding: { type: "spki", format: "pem" },
});

describe("webhook path", () => {
  let store: Store;
  afterEach(async () => {
    await store.close();
  });

  it("no webhook handler awaits an Octokit call: every event returns at once with zero requests", async () => {
    store = openSqliteStore(join(scratchDir("xihe-hook-"), "xihe.db"));
    const requests: string[] = [];
    const Stalled = ProbotOctokit.plugin((octokit) => {
      octokit.hook.wrap("request", (_request, options) => {
        requests.push(`${options.method} ${options.url}`);
        return new Promise(() => undefined);
      });
    }).defaults({ retry: { enabled: false }, throttle: { enabled: false } });
    const probot = new Probot({ appId: 123, privateKey, secret: "s", logLevel: "fatal", Octokit: Stalled });
    const wakes: number[] = [];
    const app = createXiheApp({
      appId: 123,
      store,
      log: pino({ level: "silent" }),
      now: () => new Date("2026-12-02T12:00:00Z"),
      wakeWorker: () => void wakes.push(1),
    });
    await probot.load(app);
    for (const { event, payload } of subscribedDeliveries()) {
      const id = randomUUID();
      const handled = probot.receive({ id, name: event as "ping", payload: payload as never });
      const outcome = await Promise.race([
        handled.then(() => "handled"),
        new Promise((r) => setTimeout(() => r("still waiting after 500 ms"), 500)),
      ]);
      expect({ event, outcome }).toEqual({ event, outcome: "handled" });
    }
    expect(requests).toEqual([]);
    const queued = await store.listTriage({});
    expect(queued.map((j) => `${j.event}.${j.action}`)).toEqual([
      "issue_comment.created",
      "pull_request.labeled",
      "pull_request.closed",
      "check_run.completed",
      "workflow_run.completed",
    ]);
    expect(wakes).toHaveLength(5);
  });
});
