// /readyz, /healthz and /metrics through HTTP on the App's webhook server, with a real store and
// Probot's real webhook receiver (a signed delivery is timed in the ack histogram).
import { sign } from "@octokit/webhooks-methods";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { RateLimitedError } from "../../src/runs/rate-limited-error.ts";
import type { TriageHandler } from "../../src/runs/triage-loop.ts";
import { meteredStore, countEndedRun, countTriageParks } from "../../src/server/metered-store.ts";
import { createMetrics, type XiheMetrics } from "../../src/server/metrics.ts";
import { createWebhookServer } from "../../src/server/webhook-server.ts";
import { openSqliteStore } from "../../src/store/sqlite-store.ts";
import type { Store } from "../../src/store/store.ts";
import { commentPayload, createHarness, secret, type Harness } from "../github/app-harness.ts";
import { newRun } from "../store/contract/store-contract.ts";

describe("readiness and metrics over HTTP", () => {
  let h: Harness;
  let server: Server;
  let base: string;
  let metrics: XiheMetrics;
  let checkStore: () => Promise<void>;
  beforeEach(async () => {
    h = await createHarness();
    metrics = createMetrics({ processMetrics: false });
    checkStore = () => h.store.ping();
    server = createWebhookServer({
      webhooks: h.probot.webhooks,
      webhooksPath: "/api/github/webhooks",
      log: pino({ level: "silent" }),
      readiness: { store: () => checkStore() },
      metrics,
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    await new Promise((r) => server.close(r));
    await h.close();
  });

  it("is ready while the store answers, and says why not (503) once it does not; /healthz stays 200", async () => {
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", checks: { store: "ok" } });
    checkStore = () =>
      Promise.reject(new Error("the PostgreSQL store is unreachable (connect ECONNREFUSED)"));
    const down = await fetch(`${base}/readyz`);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({
      status: "not_ready",
      checks: { store: "the PostgreSQL store is unreachable (connect ECONNREFUSED)" },
    });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });

  it("is not ready when a check hangs past its time limit", async () => {
    checkStore = () => new Promise(() => {});
    const res = await fetch(`${base}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ checks: { store: "no answer within 3000 ms" } });
  });

  it("exposes webhook ack times by event and status in Prometheus text format", async () => {
    const body = JSON.stringify(commentPayload("/xihe help"));
    const post = (headers: Record<string, string>) =>
      fetch(`${base}/api/github/webhooks`, {
        method: "POST",
        body,
        headers: { "content-type": "application/json", "x-github-delivery": "d-1", ...headers },
      });
    expect(
      (await post({ "x-github-event": "issue_comment", "x-hub-signature-256": await sign(secret, body) }))
        .status,
    ).toBe(200);
    expect(
      (await post({ "x-github-event": "made_up_event", "x-hub-signature-256": "sha256=00" })).status,
    ).toBe(401);
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toContain('xihe_webhook_ack_seconds_count{event="issue_comment",status="200"} 1');
    // A sender's made-up event name never becomes a label value.
    expect(text).toContain('xihe_webhook_ack_seconds_count{event="unknown",status="401"} 1');
    expect(text).not.toContain("made_up_event");
  });

  it("counts ended runs by verb and outcome and times finished steps by kind", async () => {
    const store: Store = meteredStore(openSqliteStore(":memory:"), metrics);
    await store.createRun(newRun(), { id: "r1", now: "2026-01-01T00:00:00.000Z" });
    await store.startStep({
      runId: "r1",
      stepId: "perceive",
      kind: "perceive",
      input: null,
      startedAt: "2026-01-01T00:00:01.000Z",
    });
    await store.finishStep("r1", "perceive", {
      status: "succeeded",
      output: null,
      error: null,
      endedAt: "2026-01-01T00:00:03.500Z",
    });
    await countEndedRun(store, metrics, "r1");
    await store.updateRun("r1", { status: "failed", reason: "x", endedAt: "2026-01-01T00:00:04.000Z" });
    await countEndedRun(store, metrics, "r1");
    const text = await (await fetch(`${base}/metrics`)).text();
    expect(text).toContain('xihe_step_duration_seconds_sum{kind="perceive",status="succeeded"} 2.5');
    expect(text).toContain('xihe_runs_ended_total{verb="fix",outcome="failed"} 1');
    expect(text).not.toContain('outcome="queued"');
    await store.close();
  });

  it("counts a delivery's triage parked by a rate limit, not its other failures", async () => {
    const failures = [new RateLimitedError(new Date("2026-01-01T01:00:00Z")), new Error("boom")];
    const handle: TriageHandler = async () => {
      throw failures.shift();
    };
    const counted = countTriageParks(handle, metrics);
    const job = { deliveryId: "d1" } as Parameters<TriageHandler>[0];
    const once = (() => undefined) as unknown as Parameters<TriageHandler>[1];
    // The triage loop still sees each error as it was (it parks or fails the job on its kind).
    await expect(counted(job, once)).rejects.toBeInstanceOf(RateLimitedError);
    await expect(counted(job, once)).rejects.toThrow("boom");
    const text = await (await fetch(`${base}/metrics`)).text();
    expect(text).toContain('xihe_rate_limit_parks_total{kind="triage"} 1');
    expect(text).not.toContain('xihe_rate_limit_parks_total{kind="run"}');
  });

  it("serves the queue depth its owner sets", async () => {
    metrics.queueDepth.set({ queue: "runs" }, 7);
    expect(await (await fetch(`${base}/metrics`)).text()).toContain('xihe_queue_depth{queue="runs"} 7');
  });
});
