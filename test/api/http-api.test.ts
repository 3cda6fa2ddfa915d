// The HTTP API over real HTTP: tokens and scopes, repository patterns, idempotent execute feeding the
// App's worker, the event stream ending with the outcome, cancel, and bad input answered as RFC 9457
// problems with nothing started.
import nock from "nock";
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import type { RunExecutor } from "../../src/runs/run-executor.ts";
import { startApiHarness, type ApiHarness } from "./api-harness.ts";

const pull = JSON.parse(
  readFileSync(new URL("../fixtures/github/pulls.get.same-repo.json", import.meta.url), "utf8"),
) as { head: { sha: string } };
const repo = "Codertocat/Hello-World";

// Answers are read loosely; the assertions check their shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;

/** What GitHub answers when the App records a run for PR #1 of Codertocat/Hello-World. */
function githubForRun() {
  return nock("https://api.github.com")
    .get(`/repos/${repo}/installation`)
    .reply(200, { id: 42, app_id: 123, target_type: "User", account: { login: "Codertocat" } })
    .post("/app/installations/42/access_tokens")
    .reply(201, { token: "ghs_installationtoken0000000000", expires_at: "2099-01-01T00:00:00Z" })
    .get(`/repos/${repo}`)
    .reply(200, { full_name: repo, default_branch: "master" })
    .get(`/repos/${repo}/contents/.github%2Fxihe.yml`)
    .query({ ref: "master" })
    .reply(404, { message: "Not Found" })
    .get(`/repos/${repo}/pulls/1`)
    .reply(200, pull);
}

const twoSteps: RunExecutor = async (ctx) => {
  await ctx.step("perceive", { kind: "perceive", input: null, output: z.number() }, async () => 3);
  await ctx.step("report", { kind: "report", input: null, output: z.string() }, async () => "ok");
  return { status: "succeeded", summary: "diagnosed", body: "" };
};

let h: ApiHarness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

async function call(path: string, init: RequestInit & { token?: string; json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("authorization", `Bearer ${init.token}`);
  if (init.json !== undefined) headers.set("content-type", "application/json");
  const res = await fetch(`${h!.url}${path}`, {
    ...init,
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  });
  const text = await res.text();
  return {
    res,
    status: res.status,
    type: res.headers.get("content-type"),
    body: text ? (JSON.parse(text) as Loose) : null,
  };
}

const execute = (token: string, body: unknown, key?: string) =>
  call("/v1/execute", { method: "POST", token, json: body, headers: key ? { "idempotency-key": key } : {} });

async function expectNothingStarted() {
  expect(await h!.store.listRuns({})).toEqual([]);
}

describe("POST /v1/execute", () => {
  it("records a run at the PR head, answers 202, and the App's worker runs it", async () => {
    h = await startApiHarness({ executors: { diagnose: twoSteps } });
    const token = await h.token("run");
    const github = githubForRun();
    const r = await execute(token, { verb: "diagnose", repo, pr: 1 });
    expect(r.status).toBe(202);
    expect(r.res.headers.get("location")).toBe(`/v1/runs/${r.body!.run.id}`);
    expect(r.body!.run).toMatchObject({
      repo,
      pr: 1,
      verb: "diagnose",
      trigger: "api",
      headSha: pull.head.sha,
    });
    expect(github.isDone()).toBe(true);
    await h.worker.drain();
    const run = await call(`/v1/runs/${r.body!.run.id}`, { token });
    expect(run.body).toMatchObject({ status: "succeeded", requester: expect.stringMatching(/^api:/) });
    expect(run.body!.steps.map((s: { stepId: string }) => s.stepId)).toEqual(["perceive", "report"]);
  });

  it("answers the same run for the same Idempotency-Key, and refuses the key with another body", async () => {
    h = await startApiHarness({ executors: { diagnose: twoSteps } });
    const token = await h.token("run");
    githubForRun();
    const first = await execute(token, { verb: "diagnose", repo, pr: 1 }, "key-1");
    await h.worker.drain();
    // The first run has ended: without the key, a second request would start a new run.
    const again = await execute(token, { verb: "diagnose", repo, pr: 1 }, "key-1");
    expect(again.status).toBe(202);
    expect(again.body!.run.id).toBe(first.body!.run.id);
    expect(again.res.headers.get("idempotent-replayed")).toBe("true");
    const other = await execute(token, { verb: "diagnose", repo, pr: 1, args: "x" }, "key-1");
    expect(other.status).toBe(422);
    expect(other.body!.type).toBe("urn:xihe:problem:idempotency-key-reused");
    expect(await h.store.listRuns({})).toHaveLength(1);
  });

  it("refuses a read token, a repository outside the pattern and an expired token, starting nothing", async () => {
    h = await startApiHarness({ executors: {} });
    const read = await execute(await h.token("read"), { verb: "fix", repo, pr: 1 });
    expect(read.status).toBe(403);
    expect(read.body!.type).toBe("urn:xihe:problem:insufficient-scope");
    const elsewhere = await execute(await h.token("run", "octo/*"), { verb: "fix", repo, pr: 1 });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body!.type).toBe("urn:xihe:problem:repository-not-allowed");
    const expired = await execute(await h.token("approve", "*/*", "2020-01-01T00:00:00.000Z"), {
      verb: "fix",
      repo,
      pr: 1,
    });
    expect(expired.status).toBe(401);
    expect(expired.body!.type).toBe("urn:xihe:problem:token-expired");
    await expectNothingStarted();
  });

  it("answers bad input with problem+json and the right status, starting nothing", async () => {
    h = await startApiHarness({ executors: {} });
    const token = await h.token("run");
    const malformed = await call("/v1/execute", {
      method: "POST",
      token,
      headers: { "content-type": "application/json" },
      body: '{"verb": "fix",',
    });
    expect([malformed.status, malformed.type]).toEqual([400, "application/problem+json"]);
    const verb = await execute(token, { verb: "deploy", repo, pr: 1 });
    expect([verb.status, verb.body!.errors[0].path]).toEqual([422, "verb"]);
    const big = await execute(token, { verb: "ask", repo, pr: 1, args: "x".repeat(70_000) });
    expect([big.status, big.body!.type]).toEqual([413, "urn:xihe:problem:body-too-large"]);
    const missing = await execute("", { verb: "fix", repo, pr: 1 });
    expect([missing.status, missing.res.headers.get("www-authenticate")]).toEqual([
      401,
      'Bearer realm="xihe"',
    ]);
    const wrong = await execute(`xihe_000000000000_${"A".repeat(43)}`, { verb: "fix", repo, pr: 1 });
    expect([wrong.status, wrong.body!.type]).toEqual([401, "urn:xihe:problem:unauthenticated"]);
    const text = await call("/v1/execute", {
      method: "POST",
      token,
      headers: { "content-type": "text/plain" },
      body: "{}",
    });
    expect(text.status).toBe(415);
    for (const r of [malformed, verb, big, missing, wrong, text]) {
      expect(r.type).toBe("application/problem+json");
      expect(r.body).toMatchObject({ status: r.status, instance: "/v1/execute", detail: expect.any(String) });
    }
    await expectNothingStarted();
  });

  it("answers 404 repository-not-installed when the App has no installation there", async () => {
    h = await startApiHarness({ executors: {} });
    const github = nock("https://api.github.com")
      .get(`/repos/${repo}/installation`)
      .reply(404, { message: "Not Found" });
    const r = await execute(await h.token("run"), { verb: "fix", repo, pr: 1 });
    expect([r.status, r.body!.type]).toEqual([404, "urn:xihe:problem:repository-not-installed"]);
    expect(github.isDone()).toBe(true);
    await expectNothingStarted();
  });
});

describe("runs", () => {
  it("streams step events and ends the stream with the outcome", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const gated: RunExecutor = async (ctx) => {
      await ctx.step("perceive", { kind: "perceive", input: null, output: z.number() }, async () => 1);
      await gate;
      await ctx.step("report", { kind: "report", input: null, output: z.string() }, async () => "ok");
      return { status: "failed", summary: "no failing check to diagnose", body: "" };
    };
    h = await startApiHarness({ executors: { diagnose: gated } });
    const token = await h.token("read", "codertocat/hello-world");
    githubForRun();
    const started = await execute(await h.token("run"), { verb: "diagnose", repo, pr: 1 });
    const res = await fetch(`${h.url}/v1/runs/${started.body!.run.id}/events`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    setTimeout(release, 100);
    const events = parseSse(await res.text());
    expect(events.map((e) => e.event)).toContain("step.started");
    const last = events.at(-1)!;
    expect(last).toMatchObject({
      event: "outcome",
      data: { status: "failed", reason: "no failing check to diagnose" },
    });
    const steps = events.filter((e) => e.event.startsWith("step.")).map((e) => `${e.event} ${e.data.stepId}`);
    expect(steps).toEqual([
      "step.started perceive",
      "step.finished perceive",
      "step.started report",
      "step.finished report",
    ]);
  });

  it("cancels a running run: the worker aborts it and the stream ends cancelled", async () => {
    const waitsForAbort: RunExecutor = async (ctx) => {
      await new Promise((resolve) => ctx.signal.addEventListener("abort", resolve));
      return { status: "succeeded", summary: "should not win", body: "" };
    };
    h = await startApiHarness({ executors: { diagnose: waitsForAbort } });
    const token = await h.token("run");
    githubForRun();
    const id = (await execute(token, { verb: "diagnose", repo, pr: 1 })).body!.run.id as string;
    const reader = await call(`/v1/runs/${id}/cancel`, { method: "POST", token: await h.token("read") });
    expect(reader.status).toBe(403);
    const cancelled = await call(`/v1/runs/${id}/cancel`, { method: "POST", token });
    expect([cancelled.status, cancelled.body!.status]).toEqual([200, "cancelled"]);
    await h.worker.drain();
    expect((await h.store.getRun(id))!.status).toBe("cancelled");
    const events = parseSse(
      await (
        await fetch(`${h.url}/v1/runs/${id}/events`, { headers: { authorization: `Bearer ${token}` } })
      ).text(),
    );
    expect(events.at(-1)).toMatchObject({ event: "outcome", data: { status: "cancelled" } });
    const twice = await call(`/v1/runs/${id}/cancel`, { method: "POST", token });
    expect(twice.status).toBe(409);
  });

  it("hides runs of repositories outside the token's pattern, and audits every call", async () => {
    h = await startApiHarness({ executors: { diagnose: twoSteps } });
    githubForRun();
    const id = (await execute(await h.token("run"), { verb: "diagnose", repo, pr: 1 })).body!.run
      .id as string;
    const other = await call(`/v1/runs/${id}`, { token: await h.token("read", "octo/*") });
    expect([other.status, other.body!.type]).toEqual([404, "urn:xihe:problem:not-found"]);
    await call(`/v1/runs/${id}`);
    const audit = await h.store.listAudit({});
    expect(audit.map((a) => [a.action, a.result])).toEqual([
      ["api.execute", { status: 202 }],
      ["api.getRun", { status: 404 }],
      ["api.getRun", { status: 401 }],
    ]);
    expect(audit[0]).toMatchObject({
      repo,
      runId: id,
      actor: expect.stringMatching(/^api-token:[0-9a-f]{12}$/),
    });
    expect(audit[2]!.actor).toBe("anonymous");
  });

  it("limits each token's request rate with 429 and Retry-After", async () => {
    h = await startApiHarness({ executors: {}, perMinute: 2 });
    const token = await h.token("read");
    expect((await call("/v1/tools", { token })).status).toBe(200);
    expect((await call("/v1/tools", { token })).status).toBe(200);
    const third = await call("/v1/tools", { token });
    expect([third.status, third.body!.type]).toEqual([429, "urn:xihe:problem:rate-limited"]);
    expect(Number(third.res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await call("/v1/tools", { token: await h.token("read") })).status).toBe(200);
  });
});

describe("GET /v1/tools", () => {
  it("lists the registry with input schemas and permission levels", async () => {
    h = await startApiHarness({ executors: {} });
    const r = await call("/v1/tools", { token: await h.token("read") });
    const byName = new Map(
      (r.body!.tools as { name: string; permission: string; inputSchema: { properties: object } }[]).map(
        (t) => [t.name, t],
      ),
    );
    expect(byName.get("read_file")).toMatchObject({
      permission: "read",
      inputSchema: { properties: { path: expect.any(Object) } },
    });
    expect(byName.get("run_command")!.permission).toBe("command");
  });
});

function parseSse(text: string): { event: string; data: Loose }[] {
  return text
    .split("\n\n")
    .filter((block) => block.trim())
    .map((block) => {
      const field = (name: string) =>
        block
          .split("\n")
          .find((l) => l.startsWith(`${name}: `))!
          .slice(name.length + 2);
      return { event: field("event"), data: JSON.parse(field("data")) as Loose };
    });
}
