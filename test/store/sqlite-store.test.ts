import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openSqliteStore } from "../../src/store/sqlite-store.ts";
import type { NewRun, Store } from "../../src/store/store.ts";

const newRun = (over: Partial<NewRun> = {}): NewRun => ({
  installationId: 1,
  repo: "octo/demo",
  pr: 7,
  headSha: "a".repeat(40),
  verb: "fix",
  args: "",
  trigger: "comment",
  requester: "alice",
  budget: { maxCostUsd: 0.5 },
  context: { commentId: 11 },
  ...over,
});

describe("sqlite store", () => {
  let dir: string;
  let store: Store;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "xihe-store-"));
    store = openSqliteStore(join(dir, "nested", "xihe.db"));
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("keeps /xihe ignore rules per repository, one per (name, scope, version)", async () => {
    const rule = { repo: "octo/demo", name: "greet", scope: "major" as const, version: null };
    await store.addUpgradeIgnore({ ...rule, createdBy: "alice", createdAt: "2026-12-01T00:00:00.000Z" });
    await store.addUpgradeIgnore({ ...rule, createdBy: "bob", createdAt: "2026-12-02T00:00:00.000Z" });
    await store.addUpgradeIgnore({
      ...rule,
      scope: "version",
      version: "2.0.1",
      createdBy: "bob",
      createdAt: "2026-12-02T00:00:00.000Z",
    });
    await store.addUpgradeIgnore({ ...rule, repo: "octo/other", createdBy: "c", createdAt: "x" });
    expect(await store.listUpgradeIgnores("octo/demo")).toEqual([
      { ...rule, createdBy: "bob", createdAt: "2026-12-02T00:00:00.000Z" },
      {
        ...rule,
        scope: "version",
        version: "2.0.1",
        createdBy: "bob",
        createdAt: "2026-12-02T00:00:00.000Z",
      },
    ]);
  });

  it("moves a schedule slot only from the time it holds (compare-and-set)", async () => {
    expect(await store.getScheduleSlot("k")).toBeNull();
    expect(await store.moveScheduleSlot("k", null, "2026-12-03T00:00:00.000Z")).toBe(true);
    expect(await store.moveScheduleSlot("k", null, "2026-12-09T00:00:00.000Z")).toBe(false);
    expect(await store.moveScheduleSlot("k", "2026-12-01T00:00:00.000Z", "2026-12-04T00:00:00.000Z")).toBe(
      false,
    );
    expect(await store.moveScheduleSlot("k", "2026-12-03T00:00:00.000Z", "2026-12-04T00:00:00.000Z")).toBe(
      true,
    );
    expect(await store.getScheduleSlot("k")).toBe("2026-12-04T00:00:00.000Z");
  });

  it("records a delivery id once and queues its triage once", async () => {
    const d = {
      deliveryId: "guid-1",
      event: "issue_comment",
      action: "created",
      installationId: 3,
      payload: { comment: { body: "/xihe fix" } },
      receivedAt: "2026-01-01T00:00:00Z",
    };
    expect(await store.enqueueDelivery(d)).toBe(true);
    expect(await store.enqueueDelivery(d)).toBe(false);
    expect(await store.enqueueDelivery({ ...d, deliveryId: "guid-2" })).toBe(true);
    expect(await store.hasDelivery("guid-1")).toBe(true);
    expect(await store.hasDelivery("guid-3")).toBe(false);
    expect((await store.listTriage({})).map((j) => j.deliveryId)).toEqual(["guid-1", "guid-2"]);
  });

  it("claims a triage job once, and not before its notBefore", async () => {
    const d = {
      deliveryId: "guid-1",
      event: "issue_comment",
      action: "created",
      installationId: null,
      payload: {},
      receivedAt: "2026-01-01T00:00:00Z",
    };
    await store.enqueueDelivery(d);
    const job = await store.claimNextTriage("w1", "2026-01-01T00:00:01Z");
    expect(job).toMatchObject({ deliveryId: "guid-1", status: "running", workerId: "w1", steps: {} });
    expect(await store.claimNextTriage("w2", "2026-01-01T00:00:01Z")).toBeNull();
    await store.updateTriage("guid-1", {
      status: "queued",
      workerId: null,
      notBefore: "2026-01-01T00:01:00Z",
      steps: { reply: true },
    });
    expect(await store.claimNextTriage("w2", "2026-01-01T00:00:30Z")).toBeNull();
    expect(await store.claimNextTriage("w2", "2026-01-01T00:01:00Z")).toMatchObject({
      steps: { reply: true },
    });
  });

  it("records a redelivery request once per GUID", async () => {
    const r = { guid: "g-1", deliveryId: 12345678, requestedAt: "2026-01-01T00:00:00Z" };
    expect(await store.hasRedeliveryRequest("g-1")).toBe(false);
    expect(await store.recordRedeliveryRequest(r)).toBe(true);
    expect(await store.recordRedeliveryRequest({ ...r, deliveryId: 2 })).toBe(false);
    expect(await store.hasRedeliveryRequest("g-1")).toBe(true);
  });

  it("allows one active run per PR, head SHA and verb", async () => {
    const first = await store.createRun(newRun(), { id: "r1", now: "2026-01-01T00:00:00Z" });
    expect(first.created).toBe(true);
    const second = await store.createRun(newRun(), { id: "r2", now: "2026-01-01T00:00:01Z" });
    expect(second).toMatchObject({ created: false, existing: { id: "r1" } });
    const otherVerb = await store.createRun(newRun({ verb: "explain" }), {
      id: "r3",
      now: "2026-01-01T00:00:02Z",
    });
    expect(otherVerb.created).toBe(true);
    await store.updateRun("r1", { status: "succeeded", endedAt: "2026-01-01T00:01:00Z" });
    const again = await store.createRun(newRun(), { id: "r4", now: "2026-01-01T00:02:00Z" });
    expect(again.created).toBe(true);
  });

  it("claims queued runs oldest first and only once", async () => {
    await store.createRun(newRun({ pr: 1 }), { id: "r1", now: "2026-01-01T00:00:00Z" });
    await store.createRun(newRun({ pr: 2 }), { id: "r2", now: "2026-01-01T00:00:01Z" });
    const a = await store.claimNextRun("w1", "2026-01-01T00:00:05Z");
    const b = await store.claimNextRun("w2", "2026-01-01T00:00:05Z");
    const c = await store.claimNextRun("w3", "2026-01-01T00:00:05Z");
    expect([a?.id, b?.id, c]).toEqual(["r1", "r2", null]);
    expect(a).toMatchObject({ status: "running", workerId: "w1", startedAt: "2026-01-01T00:00:05Z" });
  });

  it("persists steps in order and restarts a failed step", async () => {
    await store.createRun(newRun(), { id: "r1", now: "2026-01-01T00:00:00Z" });
    await store.startStep({
      runId: "r1",
      stepId: "perceive",
      kind: "perceive",
      input: { n: 1 },
      startedAt: "t1",
    });
    await store.finishStep("r1", "perceive", {
      status: "failed",
      output: null,
      error: "boom",
      endedAt: "t2",
    });
    await store.startStep({ runId: "r1", stepId: "comment", kind: "comment", input: null, startedAt: "t3" });
    await store.startStep({
      runId: "r1",
      stepId: "perceive",
      kind: "perceive",
      input: { n: 2 },
      startedAt: "t4",
    });
    const steps = await store.listSteps("r1");
    expect(steps.map((s) => [s.stepId, s.status, s.error])).toEqual([
      ["perceive", "running", null],
      ["comment", "running", null],
    ]);
    expect(steps[0]?.input).toEqual({ n: 2 });
  });

  it("refuses to finish a step that never started", async () => {
    await expect(
      store.finishStep("nope", "x", { status: "succeeded", output: null, error: null, endedAt: "t" }),
    ).rejects.toThrow(/never started/);
  });

  it("redacts secrets from stored records", async () => {
    await store.createRun(newRun(), { id: "r1", now: "t0" });
    const token = `ghs_${"A1b2".repeat(9)}`;
    await store.startStep({ runId: "r1", stepId: "s", kind: "k", input: { token }, startedAt: "t1" });
    await store.finishStep("r1", "s", {
      status: "failed",
      output: { log: `x ${token}` },
      error: `y ${token}`,
      endedAt: "t2",
    });
    const step = await store.getStep("r1", "s");
    expect(JSON.stringify(step)).not.toContain(token);
    expect(step?.error).toBe("y [redacted]");
  });

  it("keeps data across reopen and applies migrations once", async () => {
    const path = join(dir, "again.db");
    const s1 = openSqliteStore(path);
    await s1.createRun(newRun(), { id: "keep", now: "t0" });
    await s1.addAudit({
      at: "t1",
      actor: "alice",
      action: "apply",
      repo: "octo/demo",
      runId: "keep",
      params: {},
      result: { ok: true },
    });
    await s1.close();
    const s2 = openSqliteStore(path);
    expect((await s2.getRun("keep"))?.status).toBe("queued");
    expect(await s2.listAudit({ runId: "keep" })).toHaveLength(1);
    await s2.close();
  });
});

describe("sqlite store parking", () => {
  it("does not claim a parked run before its notBefore time", async () => {
    const store = openSqliteStore(":memory:");
    await store.createRun(newRun(), { id: "p1", now: "2026-01-01T00:00:00.000Z" });
    await store.updateRun("p1", { notBefore: "2026-01-01T00:30:00.000Z" });
    expect(await store.claimNextRun("w", "2026-01-01T00:29:59.000Z")).toBeNull();
    expect((await store.claimNextRun("w", "2026-01-01T00:30:00.000Z"))?.id).toBe("p1");
    await store.close();
  });
});
