// The contract every Store keeps, run against each implementation (sqlite-store.test.ts,
// postgres-store.test.ts). A behaviour that differs between stores is a bug in one of them.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { NewDelivery, NewRun, Store } from "../../../src/store/store.ts";

export interface StoreFixture {
  store: Store;
  /** Another store on the same data, opened as a second process would (its own connections). */
  openSibling(): Promise<Store>;
  /** Raw SQL on the same data, past the store's API (to check what the database itself refuses). */
  exec(sql: string): Promise<void>;
  /** Closes every store opened for this test and deletes the data. */
  dispose(): Promise<void>;
}

export const newRun = (over: Partial<NewRun> = {}): NewRun => ({
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

const delivery = (id: string, over: Partial<NewDelivery> = {}): NewDelivery => ({
  deliveryId: id,
  event: "issue_comment",
  action: "created",
  installationId: 3,
  payload: { comment: { body: "/xihe fix" } },
  receivedAt: "2026-01-01T00:00:00Z",
  ...over,
});

export function describeStoreContract(name: string, fresh: () => Promise<StoreFixture>): void {
  describe(`${name} store contract`, () => {
    let fx: StoreFixture;
    let store: Store;
    beforeEach(async () => {
      fx = await fresh();
      store = fx.store;
    });
    afterEach(async () => {
      await fx.dispose();
    });

    it("records a delivery id once and queues its triage once", async () => {
      const d = delivery("guid-1");
      expect(await store.enqueueDelivery(d)).toBe(true);
      expect(await store.enqueueDelivery(d)).toBe(false);
      expect(await store.enqueueDelivery({ ...d, deliveryId: "guid-2" })).toBe(true);
      expect(await store.hasDelivery("guid-1")).toBe(true);
      expect(await store.hasDelivery("guid-3")).toBe(false);
      expect((await store.listTriage({})).map((j) => j.deliveryId)).toEqual(["guid-1", "guid-2"]);
      expect((await store.listTriage({ status: ["running"] })).length).toBe(0);
    });

    it("records a delivery sent at once to two processes once, with one triage job", async () => {
      const other = await fx.openSibling();
      const sends = Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? other : store).enqueueDelivery(delivery(`same-${i % 5}`)),
      );
      expect((await Promise.all(sends)).filter(Boolean)).toHaveLength(5);
      expect((await store.listTriage({})).map((j) => j.deliveryId).sort()).toEqual([
        "same-0",
        "same-1",
        "same-2",
        "same-3",
        "same-4",
      ]);
    });

    it("claims a triage job once, and not before its notBefore", async () => {
      await store.enqueueDelivery(delivery("guid-1", { installationId: null, payload: {} }));
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

    it("records a burst of deliveries sent in one turn, each answered for its own id", async () => {
      const other = await fx.openSibling();
      await store.enqueueDelivery(delivery("old-1"));
      // 60 sends at once over two processes: 40 distinct ids, 20 of them sent twice (to either
      // process), and one recorded before the burst.
      const ids = Array.from({ length: 60 }, (_, i) => (i < 40 ? `burst-${i}` : `burst-${(i * 7) % 40}`));
      ids.push("old-1");
      const answers = await Promise.all(
        ids.map((id, i) =>
          (i % 3 === 0 ? other : store).enqueueDelivery(delivery(id, { installationId: i, payload: { i } })),
        ),
      );
      const freshIds = ids.filter((_, i) => answers[i]);
      expect(freshIds.sort()).toEqual(Array.from({ length: 40 }, (_, i) => `burst-${i}`).sort());
      const jobs = await store.listTriage({ limit: 100 });
      expect(jobs.map((j) => j.deliveryId).sort()).toEqual(["old-1", ...freshIds].sort());
      // Each job holds the payload of the send that was answered new.
      for (const job of jobs.filter((j) => j.deliveryId !== "old-1")) {
        const i = ids.findIndex((id, k) => id === job.deliveryId && answers[k]);
        expect(job).toMatchObject({ installationId: i, payload: { i }, status: "queued" });
      }
    });

    it("claims one named triage job only while it is as the claimer read it (compare-and-set)", async () => {
      await store.enqueueDelivery(delivery("t1"));
      expect(await store.getTriage("t1")).toMatchObject({
        deliveryId: "t1",
        status: "queued",
        workerId: null,
      });
      expect(await store.getTriage("none")).toBeNull();
      // Queued: claimed once; a second claimer that also read it queued gets nothing.
      expect(await store.claimTriage("t1", { workerId: "w1", from: null })).toMatchObject({
        status: "running",
        workerId: "w1",
      });
      expect(await store.claimTriage("t1", { workerId: "w2", from: null })).toBeNull();
      // Taken over from w1 (dead) by one of two takers; a claimer that saw another holder gets nothing.
      expect(await store.claimTriage("t1", { workerId: "w3", from: "w1" })).toMatchObject({ workerId: "w3" });
      expect(await store.claimTriage("t1", { workerId: "w4", from: "w1" })).toBeNull();
      expect(await store.getTriage("t1")).toMatchObject({ status: "running", workerId: "w3" });
      // Done, or not there: never claimed.
      await store.updateTriage("t1", { status: "done", workerId: null, endedAt: "2026-01-01T00:00:09Z" });
      expect(await store.claimTriage("t1", { workerId: "w5", from: null })).toBeNull();
      expect(await store.claimTriage("t1", { workerId: "w5", from: "w3" })).toBeNull();
      expect(await store.claimTriage("none", { workerId: "w5", from: null })).toBeNull();
      expect(await store.getTriage("t1")).toMatchObject({ status: "done", workerId: null });
    });

    it("gives a named triage job to one of many processes claiming it at once", async () => {
      const other = await fx.openSibling();
      await store.enqueueDelivery(delivery("race"));
      const claims = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          (i % 2 ? other : store).claimTriage("race", { workerId: `w${i}`, from: null }),
        ),
      );
      const winners = claims.filter((c) => c !== null);
      expect(winners).toHaveLength(1);
      expect((await store.getTriage("race"))?.workerId).toBe(winners[0]!.workerId);
    });

    it("keeps large installation and delivery ids exact", async () => {
      await store.enqueueDelivery(delivery("big", { installationId: 98_765_432_101 }));
      expect((await store.listTriage({}))[0]?.installationId).toBe(98_765_432_101);
      const r = { guid: "g-big", deliveryId: 12_345_678_901_234, requestedAt: "2026-01-01T00:00:00Z" };
      expect(await store.recordRedeliveryRequest(r)).toBe(true);
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

    it("treats PR-less runs of the same head and verb as one active run", async () => {
      const a = await store.createRun(newRun({ pr: null, trigger: "cli" }), { id: "n1", now: "t0" });
      const b = await store.createRun(newRun({ pr: null, trigger: "cli" }), { id: "n2", now: "t1" });
      expect([a.created, b]).toEqual([
        true,
        { created: false, existing: expect.objectContaining({ id: "n1" }) },
      ]);
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

    it("claims one named run only while it is as the claimer read it (compare-and-set)", async () => {
      const at = "2026-01-01T00:00:05Z";
      await store.createRun(newRun(), { id: "q", now: "2026-01-01T00:00:00Z" });
      // Queued: claimed once; a second claimer that also read it queued gets nothing.
      const first = await store.claimRun("q", { workerId: "w1", from: null, at });
      expect(first).toMatchObject({ status: "running", workerId: "w1", startedAt: at });
      expect(await store.claimRun("q", { workerId: "w2", from: null, at })).toBeNull();
      // Taken over from w1 (dead) with the resume counted; only by one of two takers.
      const over = { from: "w1", at: "2026-01-01T00:09:00Z", context: { resumes: 1 }, reason: "resumed" };
      expect(await store.claimRun("q", { ...over, workerId: "w3" })).toMatchObject({
        status: "running",
        workerId: "w3",
        startedAt: at,
        context: { resumes: 1 },
        reason: "resumed",
      });
      expect(await store.claimRun("q", { ...over, workerId: "w4" })).toBeNull();
      // A run that ended, or does not exist, is never claimed.
      await store.updateRun("q", { status: "succeeded", workerId: null, endedAt: at });
      expect(await store.claimRun("q", { workerId: "w5", from: null, at })).toBeNull();
      expect(await store.claimRun("q", { workerId: "w5", from: "w3", at })).toBeNull();
      expect(await store.claimRun("none", { workerId: "w5", from: null, at })).toBeNull();
      expect(await store.getRun("q")).toMatchObject({ status: "succeeded", workerId: null });
    });

    it("updates a held run only while it is running under that worker (compare-and-set)", async () => {
      const park = {
        status: "queued" as const,
        workerId: null,
        notBefore: "2026-01-01T00:30:00Z",
        reason: "rate",
      };
      await store.createRun(newRun(), { id: "h", now: "2026-01-01T00:00:00Z" });
      // Queued, or running under another worker: not this holder's to park.
      expect(await store.updateHeldRun("h", "w1", park)).toBeNull();
      await store.claimRun("h", { workerId: "w1", from: null, at: "2026-01-01T00:00:01Z" });
      expect(await store.updateHeldRun("h", "w2", park)).toBeNull();
      expect(await store.updateHeldRun("h", "w1", park)).toMatchObject({
        ...park,
        startedAt: "2026-01-01T00:00:01Z",
      });
      // Stopped while held: the holder's park (or its outcome) leaves it stopped.
      await store.claimRun("h", { workerId: "w1", from: null, at: "2026-01-01T00:31:00Z" });
      await store.updateRun("h", { status: "cancelled", reason: "stopped", endedAt: "2026-01-01T00:32:00Z" });
      expect(await store.updateHeldRun("h", "w1", park)).toBeNull();
      expect(await store.updateHeldRun("h", "w1", { status: "succeeded", workerId: null })).toBeNull();
      expect(await store.getRun("h")).toMatchObject({
        status: "cancelled",
        reason: "stopped",
        notBefore: park.notBefore,
      });
      expect(await store.updateHeldRun("none", "w1", park)).toBeNull();
      // A run that never had a worker (a local CLI run) is held by null.
      await store.createRun(newRun({ pr: 8 }), { id: "local", now: "2026-01-01T00:00:00Z" });
      await store.updateRun("local", { status: "running" });
      expect(await store.updateHeldRun("local", null, { status: "succeeded" })).toMatchObject({
        status: "succeeded",
      });
    });

    it("gives a named run to one of many processes claiming it at once", async () => {
      const other = await fx.openSibling();
      await store.createRun(newRun(), { id: "race", now: "2026-01-01T00:00:00Z" });
      const claims = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          (i % 2 ? other : store).claimRun("race", { workerId: `w${i}`, from: null, at: "t" }),
        ),
      );
      const winners = claims.filter((c) => c !== null);
      expect(winners).toHaveLength(1);
      expect((await store.getRun("race"))?.workerId).toBe(winners[0]!.workerId);
    });

    it("does not claim a parked run before its notBefore time", async () => {
      await store.createRun(newRun(), { id: "p1", now: "2026-01-01T00:00:00.000Z" });
      await store.updateRun("p1", { notBefore: "2026-01-01T00:30:00.000Z" });
      expect(await store.claimNextRun("w", "2026-01-01T00:29:59.000Z")).toBeNull();
      expect((await store.claimNextRun("w", "2026-01-01T00:30:00.000Z"))?.id).toBe("p1");
    });

    it("lists runs by repo, PR, status and end time, newest first", async () => {
      await store.createRun(newRun({ pr: 1 }), { id: "a", now: "2026-01-01T00:00:00Z" });
      await store.createRun(newRun({ pr: 2 }), { id: "b", now: "2026-01-01T00:00:01Z" });
      await store.createRun(newRun({ repo: "octo/other", pr: 1 }), { id: "c", now: "2026-01-01T00:00:02Z" });
      await store.updateRun("a", { status: "failed", reason: "boom", endedAt: "2026-01-02T00:00:00Z" });
      const ids = async (f: Parameters<Store["listRuns"]>[0]) => (await store.listRuns(f)).map((r) => r.id);
      expect(await ids({})).toEqual(["c", "b", "a"]);
      expect(await ids({ repo: "octo/demo" })).toEqual(["b", "a"]);
      expect(await ids({ repo: "octo/demo", pr: 1 })).toEqual(["a"]);
      expect(await ids({ status: ["queued"] })).toEqual(["c", "b"]);
      expect(await ids({ endedSince: "2026-01-01T12:00:00Z" })).toEqual(["a"]);
      expect(await ids({ limit: 1 })).toEqual(["c"]);
      expect(await store.getRun("a")).toMatchObject({
        status: "failed",
        reason: "boom",
        budget: { maxCostUsd: 0.5 },
      });
      expect(await store.getRun("nope")).toBeNull();
      await expect(store.updateRun("nope", { status: "failed" })).rejects.toThrow(/does not exist/);
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
      const failed = await store.finishStep("r1", "perceive", {
        status: "failed",
        output: null,
        error: "boom",
        endedAt: "t2",
      });
      expect(failed).toMatchObject({ status: "failed", error: "boom", endedAt: "t2" });
      await store.startStep({
        runId: "r1",
        stepId: "comment",
        kind: "comment",
        input: null,
        startedAt: "t3",
      });
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
      await store.finishStep("r1", "comment", {
        status: "succeeded",
        output: { id: 5 },
        error: null,
        endedAt: "t5",
      });
      expect(await store.getStep("r1", "comment")).toMatchObject({ status: "succeeded", output: { id: 5 } });
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

    it("keeps the audit log append-only, even against raw SQL", async () => {
      const event = {
        at: "t1",
        actor: "alice",
        action: "apply",
        repo: "octo/demo",
        runId: null,
        params: {},
        result: { ok: true },
      };
      await store.addAudit(event);
      await store.addAudit({ ...event, at: "t2", action: "undo", repo: "octo/other" });
      await expect(fx.exec("UPDATE audit SET actor = 'mallory'")).rejects.toThrow(/append-only/);
      await expect(fx.exec("DELETE FROM audit")).rejects.toThrow(/append-only/);
      expect((await store.listAudit({})).map((e) => [e.action, e.actor])).toEqual([
        ["apply", "alice"],
        ["undo", "alice"],
      ]);
      expect((await store.listAudit({ repo: "octo/other" })).map((e) => e.action)).toEqual(["undo"]);
    });

    it("finds API tokens by hash and binds an idempotency key to its first run", async () => {
      const token = {
        id: "t1",
        secretHash: "h".repeat(64),
        repoPattern: "octo/*",
        scope: "run" as const,
        label: "ci",
        createdAt: "t0",
        expiresAt: null,
      };
      await store.createApiToken(token);
      expect(await store.findApiToken(token.secretHash)).toEqual(token);
      expect(await store.findApiToken("x")).toBeNull();
      await store.createRun(newRun({ pr: 1 }), { id: "r1", now: "t0" });
      await store.createRun(newRun({ pr: 2 }), { id: "r2", now: "t0" });
      const first = { tokenId: "t1", key: "k", requestHash: "q1", runId: "r1", createdAt: "t1" };
      expect(await store.bindIdempotentRequest(first)).toEqual(first);
      expect(await store.bindIdempotentRequest({ ...first, runId: "r2", requestHash: "q2" })).toEqual(first);
      expect(await store.getIdempotentRequest("t1", "k")).toEqual(first);
      expect(await store.getIdempotentRequest("t1", "other")).toBeNull();
    });

    it("answers ping while open", async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });

    it("sees what another process wrote, after reopening", async () => {
      await store.createRun(newRun(), { id: "keep", now: "t0" });
      const sibling = await fx.openSibling();
      expect((await sibling.getRun("keep"))?.status).toBe("queued");
    });

    it("creates one run when two processes race for the same key", async () => {
      const other = await fx.openSibling();
      for (let round = 0; round < 5; round++) {
        const sha = String(round).repeat(40);
        const attempts = Array.from({ length: 12 }, (_, i) =>
          (i % 2 ? other : store).createRun(newRun({ headSha: sha }), {
            id: `race-${round}-${i}`,
            now: `t${i}`,
          }),
        );
        const results = await Promise.all(attempts);
        const created = results.filter((r) => r.created);
        expect(created).toHaveLength(1);
        const winner = created[0]!.created ? created[0]!.run.id : "";
        for (const r of results) expect(r.created ? r.run.id : r.existing.id).toBe(winner);
      }
      expect(await store.listRuns({ status: ["queued"], limit: 100 })).toHaveLength(5);
    });

    it("never hands one run or triage job to two claimers", async () => {
      const other = await fx.openSibling();
      for (let i = 0; i < 30; i++) {
        await store.createRun(newRun({ pr: i }), {
          id: `c${String(i).padStart(2, "0")}`,
          now: "2026-01-01T00:00:00Z",
        });
        await store.enqueueDelivery(delivery(`d${i}`));
      }
      const drain = async (
        s: Store,
        worker: string,
        claim: (s: Store, w: string) => Promise<string | null>,
      ) => {
        const got: string[] = [];
        for (let id = await claim(s, worker); id !== null; id = await claim(s, worker)) got.push(id);
        return got;
      };
      const claimRun = async (s: Store, w: string) =>
        (await s.claimNextRun(w, "2026-01-01T00:00:01Z"))?.id ?? null;
      const claimTriage = async (s: Store, w: string) =>
        (await s.claimNextTriage(w, "2026-01-01T00:00:01Z"))?.deliveryId ?? null;
      const runs = await Promise.all([
        drain(store, "w1", claimRun),
        drain(other, "w2", claimRun),
        drain(other, "w3", claimRun),
      ]);
      const jobs = await Promise.all([drain(store, "w1", claimTriage), drain(other, "w2", claimTriage)]);
      const allRuns = runs.flat();
      expect(allRuns).toHaveLength(30);
      expect(new Set(allRuns).size).toBe(30);
      expect(new Set(jobs.flat()).size).toBe(30);
      expect(jobs.flat()).toHaveLength(30);
      const running = await store.listRuns({ status: ["running"], limit: 100 });
      const owners = new Map(runs.flatMap((ids, w) => ids.map((id) => [id, `w${w + 1}`] as const)));
      for (const r of running) expect(r.workerId).toBe(owners.get(r.id));
    });
    it("records a run started by a worker as running under it, which no claim takes", async () => {
      const at = "2026-01-01T00:00:00Z";
      const r = await store.createRun(newRun({ pr: null, startedBy: "w-upgrade" }), { id: "child", now: at });
      expect(r.created && r.run).toMatchObject({ status: "running", workerId: "w-upgrade", startedAt: at });
      expect(await store.claimNextRun("w-other", "2026-01-01T00:00:05Z")).toBeNull();
      await store.createRun(newRun(), { id: "queued", now: at });
      expect((await store.claimNextRun("w-other", "2026-01-01T00:00:05Z"))?.id).toBe("queued");
    });

    it("keeps /xihe ignore rules per repository, one per (name, scope, version)", async () => {
      const rule = { repo: "octo/demo", name: "greet", scope: "major" as const, version: null };
      const at = (day: number) => `2026-12-0${day}T00:00:00.000Z`;
      await store.addUpgradeIgnore({ ...rule, createdBy: "alice", createdAt: at(1) });
      await store.addUpgradeIgnore({ ...rule, createdBy: "bob", createdAt: at(2) });
      const pinned = {
        ...rule,
        scope: "version" as const,
        version: "2.0.1",
        createdBy: "bob",
        createdAt: at(2),
      };
      await store.addUpgradeIgnore(pinned);
      await store.addUpgradeIgnore({ ...rule, repo: "octo/other", createdBy: "c", createdAt: at(3) });
      expect(await store.listUpgradeIgnores("octo/demo")).toEqual([
        { ...rule, createdBy: "bob", createdAt: at(2) },
        pinned,
      ]);
      expect(await store.listUpgradeIgnores("octo/none")).toEqual([]);
    });

    it("moves a schedule slot only from the time it holds (compare-and-set), once across processes", async () => {
      const t = (day: number) => `2026-12-0${day}T00:00:00.000Z`;
      expect(await store.getScheduleSlot("k")).toBeNull();
      expect(await store.moveScheduleSlot("k", null, t(3))).toBe(true);
      expect(await store.moveScheduleSlot("k", null, t(9))).toBe(false);
      expect(await store.moveScheduleSlot("k", t(1), t(4))).toBe(false);
      expect(await store.moveScheduleSlot("k", t(3), t(4))).toBe(true);
      expect(await store.getScheduleSlot("k")).toBe(t(4));
      const other = await fx.openSibling();
      const moved = await Promise.all(
        Array.from({ length: 8 }, (_, i) => (i % 2 ? other : store).moveScheduleSlot("k", t(4), t(5))),
      );
      expect(moved.filter(Boolean)).toHaveLength(1);
      expect(await other.getScheduleSlot("k")).toBe(t(5));
    });
  });
}
