import nock from "nock";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createHarness, type Harness } from "../github/app-harness.ts";
import { recoverInterruptedRuns } from "../../src/runs/recover-interrupted.ts";
import { RateLimitedError } from "../../src/runs/rate-limited-error.ts";
import type { RunExecutor } from "../../src/runs/run-executor.ts";
import type { Store } from "../../src/store/store.ts";

const api = "https://api.github.com";
const repoPath = "/repos/Codertocat/Hello-World";
const head = "ec26c3e57ca3a959ca5aad62de7213c562f8c821";
const perceived = z.object({ failures: z.number() });

async function queueRun(store: Store, id = "run-1") {
  await store.createRun(
    {
      installationId: 2311213,
      repo: "Codertocat/Hello-World",
      pr: 1,
      headSha: head,
      verb: "fix",
      args: "",
      trigger: "comment",
      requester: "Codertocat",
      budget: null,
      context: { commentId: 492700400 },
    },
    { id, now: "2026-12-02T12:00:00.000Z" },
  );
}

const token = () =>
  nock(api)
    .post("/app/installations/2311213/access_tokens")
    .reply(201, { token: "ghs_testtoken", expires_at: "2099-01-01T00:00:00Z", permissions: {} });

type Body = {
  body?: string;
  status?: string;
  conclusion?: string;
  name?: string;
  head_sha?: string;
  external_id?: string;
};

function startInterceptors(scope: nock.Scope, existing: { id: number; body: string }[] = []) {
  scope
    .get(`${repoPath}/issues/1/comments`)
    .query({ per_page: "100" })
    .reply(
      200,
      existing.map((c) => ({
        ...c,
        html_url: `https://github.com/x#issuecomment-${c.id}`,
        user: { login: "xihe[bot]", type: "Bot" },
      })),
    );
  if (existing.length === 0)
    scope
      .post(
        `${repoPath}/issues/1/comments`,
        (b: Body) => b.body?.includes("<!-- xihe-run:run-1 -->") ?? false,
      )
      .reply(201, { id: 555, html_url: "https://github.com/Codertocat/Hello-World/pull/1#issuecomment-555" });
  scope
    .post(
      `${repoPath}/check-runs`,
      (b: Body) =>
        b.name === "Xihe" && b.status === "in_progress" && b.head_sha === head && b.external_id === "run-1",
    )
    .reply(201, { id: 777 });
}

describe("run lifecycle on GitHub", () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it("creates the sticky comment once, updates it in place, and completes the check run", async () => {
    const executor: RunExecutor = async (ctx) => {
      await ctx.progress("reading the failing logs");
      return { status: "succeeded", summary: "fixed 1 failure", body: "#### Evidence\n`npm test`: 1 -> 0" };
    };
    h = await createHarness({ executors: { fix: executor } });
    await queueRun(h.store);
    const scope = token();
    startInterceptors(scope);
    const bodies: string[] = [];
    scope
      .patch(`${repoPath}/issues/comments/555`, (b: Body) => (bodies.push(b.body ?? ""), true))
      .times(2)
      .reply(200, { id: 555 });
    scope
      .patch(
        `${repoPath}/check-runs/777`,
        (b: Body) => b.status === "completed" && b.conclusion === "success",
      )
      .reply(200, { id: 777 });
    await h.worker.drain();
    expect(bodies[0]).toContain("reading the failing logs");
    expect(bodies[1]).toContain("✅ done");
    expect(bodies[1]).toContain("#### Evidence");
    expect(await h.store.getRun("run-1")).toMatchObject({ status: "succeeded", workerId: null });
  });

  it("A35: finds the comment a crashed attempt posted (hidden marker) and edits it instead of posting", async () => {
    h = await createHarness({
      executors: { fix: async () => ({ status: "failed", summary: "no fix found", body: "" }) },
    });
    await queueRun(h.store);
    const scope = token();
    startInterceptors(scope, [{ id: 999, body: "<!-- xihe-run:run-1 -->\nstarted" }]);
    scope
      .patch(`${repoPath}/issues/comments/999`, (b: Body) => b.body?.includes("❌ failed") ?? false)
      .reply(200, {});
    scope.patch(`${repoPath}/check-runs/777`, (b: Body) => b.conclusion === "failure").reply(200, {});
    await h.worker.drain();
    expect(await h.store.getRun("run-1")).toMatchObject({ status: "failed", reason: "no fix found" });
  });

  it("resumes a run whose worker stopped mid-run, with no second status comment", async () => {
    let release: (() => void) | undefined;
    const stuck: RunExecutor = async (ctx) => {
      await ctx.step("perceive", { kind: "perceive", input: null, output: perceived }, async () => ({
        failures: 2,
      }));
      await new Promise<void>((resolve) => (release = resolve));
      throw new Error("worker killed");
    };
    const first = await createHarness({ executors: { fix: stuck } });
    await queueRun(first.store);
    const scope = token();
    startInterceptors(scope);
    first.worker.wake();
    await vi.waitFor(async () =>
      expect((await first.store.getStep("run-1", "perceive"))?.status).toBe("succeeded"),
    );

    // A new worker on the same store: the run is queued again and resumes at its first unfinished step.
    let perceiveCalls = 0;
    const resumed: RunExecutor = async (ctx) => {
      const out = await ctx.step(
        "perceive",
        { kind: "perceive", input: null, output: perceived },
        async () => (perceiveCalls++, { failures: 0 }),
      );
      return { status: "succeeded", summary: `resumed with ${JSON.stringify(out)}`, body: "" };
    };
    h = await createHarness({ executors: { fix: resumed }, storePath: first.storePath });
    const report = await recoverInterruptedRuns({
      store: h.store,
      now: () => new Date(),
      workerId: "new-worker",
    });
    expect(report).toEqual({ resumed: ["run-1"], failed: [], triageRequeued: [] });
    const second = token();
    second
      .patch(`${repoPath}/issues/comments/555`, (b: Body) => b.body?.includes("✅ done") ?? false)
      .reply(200, {});
    second.patch(`${repoPath}/check-runs/777`, (b: Body) => b.conclusion === "success").reply(200, {});
    await h.worker.drain();
    expect(perceiveCalls).toBe(0);
    const run = await h.store.getRun("run-1");
    expect(run).toMatchObject({ status: "succeeded", reason: null });
    expect(run?.context).toMatchObject({ resumes: 1, statusCommentId: 555 });
    // The abandoned attempt may only end once its store is closed, so it cannot write any more.
    await first.store.close();
    release?.();
  });

  it("fails a run with a reason after too many interruptions", async () => {
    h = await createHarness();
    await queueRun(h.store);
    await h.store.claimNextRun("dead-1", "2026-12-02T12:00:01.000Z");
    await h.store.startStep({
      runId: "run-1",
      stepId: "verify",
      kind: "verify",
      input: null,
      startedAt: "t",
    });
    await h.store.updateRun("run-1", { context: { resumes: 2 } });
    const report = await recoverInterruptedRuns({ store: h.store, now: () => new Date(), workerId: "w" });
    expect(report.failed).toEqual(["run-1"]);
    expect((await h.store.getRun("run-1"))?.reason).toMatch(/interrupted 2 times, last in step verify/);
  });

  it("fails an interrupted run whose context this version cannot read, naming the run and the key", async () => {
    h = await createHarness();
    await queueRun(h.store);
    await h.store.claimNextRun("dead-1", "2026-12-02T12:00:01.000Z");
    await h.store.updateRun("run-1", { context: { resumes: "two" } });
    const report = await recoverInterruptedRuns({ store: h.store, now: () => new Date(), workerId: "w" });
    expect(report).toMatchObject({ failed: ["run-1"], resumed: [] });
    expect((await h.store.getRun("run-1"))?.reason).toMatch(/^run run-1: .*resumes: /);
  });

  it("A33: parks a rate-limited run until the reset instead of failing it", async () => {
    const resumeAt = new Date("2026-12-02T12:30:00.000Z");
    h = await createHarness({
      executors: {
        fix: async () => {
          throw new RateLimitedError(resumeAt);
        },
      },
    });
    await queueRun(h.store);
    const scope = token();
    startInterceptors(scope);
    scope
      .patch(
        `${repoPath}/issues/comments/555`,
        (b: Body) => b.body?.includes("rate limited, resuming at 2026-12-02T12:30:00.000Z") ?? false,
      )
      .reply(200, {});
    await h.worker.drain();
    expect(await h.store.getRun("run-1")).toMatchObject({
      status: "queued",
      notBefore: resumeAt.toISOString(),
      workerId: null,
    });
  });

  it("leaves a run stopped meanwhile stopped when GitHub rate-limits it (no park over the stop)", async () => {
    const resumeAt = new Date("2026-12-02T12:30:00.000Z");
    h = await createHarness({
      executors: {
        fix: async (ctx) => {
          // `/xihe stop` lands while the step is waiting on GitHub, which then answers rate-limited.
          await h!.store.updateRun(ctx.run.id, { status: "cancelled", reason: "stopped by @octocat" });
          throw new RateLimitedError(resumeAt);
        },
      },
    });
    await queueRun(h.store);
    const scope = token();
    startInterceptors(scope);
    const parkedComment = scope
      .patch(`${repoPath}/issues/comments/555`, (b: Body) => b.body?.includes("rate limited") ?? false)
      .reply(200, {});
    await h.worker.drain();
    expect(await h.store.getRun("run-1")).toMatchObject({
      status: "cancelled",
      reason: "stopped by @octocat",
      notBefore: null,
    });
    expect(parkedComment.isDone()).toBe(false);
    nock.cleanAll();
  });

  it("stops without a word when another worker took the run over after this one's lease lapsed", async () => {
    h = await createHarness({
      executors: {
        fix: async (ctx) => {
          // A stalled event loop: the lease lapsed and another worker claimed the run meanwhile.
          await h!.store.updateRun(ctx.run.id, { workerId: "worker-elsewhere" });
          await ctx.remember({ note: "written by the worker that lost the run" });
          return { status: "succeeded", summary: "done", body: "" };
        },
      },
    });
    await queueRun(h.store);
    const scope = token();
    startInterceptors(scope);
    const finalComment = scope
      .patch(`${repoPath}/issues/comments/555`, (b: Body) => b.body?.includes("done") ?? false)
      .reply(200, {});
    await h.worker.drain();
    const run = await h.store.getRun("run-1");
    expect(run).toMatchObject({ status: "running", workerId: "worker-elsewhere", endedAt: null });
    expect(run?.context).not.toHaveProperty("note");
    expect(finalComment.isDone()).toBe(false);
    nock.cleanAll();
  });
});

describe("run lifecycle when GitHub fails to show it", () => {
  it("records the outcome even when the final comment update fails", async () => {
    const h = await createHarness({
      executors: {
        fix: async (ctx) => {
          await ctx.progress("a progress update GitHub rejects");
          return { status: "succeeded", summary: "done", body: "" };
        },
      },
    });
    await queueRun(h.store);
    const scope = token();
    startInterceptors(scope);
    scope.patch(`${repoPath}/issues/comments/555`).times(2).reply(500, { message: "Server Error" });
    scope.patch(`${repoPath}/check-runs/777`).reply(200, {});
    await h.worker.drain();
    expect(await h.store.getRun("run-1")).toMatchObject({ status: "succeeded", workerId: null });
    await h.close();
  });
});
