// Issue 19 acceptance, through the real HTTP server with signed deliveries: with a GitHub that
// accepts connections and never answers, every subscribed event is answered 2xx without a single
// request to GitHub (the answer waits for nothing GitHub does; `npm run bench:webhook` measures how
// fast); the triage logs that it could not reach GitHub, and completes once GitHub answers again.
import { sign } from "@octokit/webhooks-methods";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { createWebhookServer } from "../../src/server/webhook-server.ts";
import { createHarness, fixture, secret, type Harness } from "../github/app-harness.ts";
import { startFakeGitHub, type FakeGitHub } from "../github/fake-github-server.ts";
import { headSha, subscribedDeliveries } from "../github/webhook-deliveries.ts";

const repoPath = "/repos/Codertocat/Hello-World";

describe("webhook acknowledgement while GitHub does not answer", () => {
  let h: Harness;
  let fake: FakeGitHub;
  let server: Server;
  afterEach(async () => {
    await new Promise((r) => server.close(r));
    await h.close();
    await fake.close();
  });

  it("answers every subscribed event 2xx without asking GitHub, then triages the command once GitHub is back", async () => {
    fake = await startFakeGitHub();
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    h = await createHarness({ baseUrl: fake.url, requestTimeoutMs: 300, log: pino({ level: "info" }, sink) });
    server = createWebhookServer({
      webhooks: h.probot.webhooks,
      webhooksPath: "/api/github/webhooks",
      log: pino({ level: "silent" }),
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/github/webhooks`;

    const answers = await Promise.all(
      subscribedDeliveries().map(async ({ event, payload }, i) => {
        const body = JSON.stringify(payload);
        const res = await fetch(url, {
          method: "POST",
          body,
          headers: {
            "content-type": "application/json",
            "x-github-event": event,
            "x-github-delivery": `delivery-${i}`,
            "x-hub-signature-256": await sign(secret, body),
          },
        });
        return { event, status: res.status };
      }),
    );
    for (const a of answers) {
      expect(a.status, a.event).toBeGreaterThanOrEqual(200);
      expect(a.status, a.event).toBeLessThan(300);
    }
    // Answered from what the App holds: nothing reached GitHub, and the actionable delivery is
    // recorded for the triage (the other subscribed events are dropped by their local rules).
    expect(fake.received()).toBe(0);
    const recorded = await h.store.listTriage({});
    expect(recorded.map((j) => `${j.event}.${j.action} ${j.status}`).sort()).toEqual([
      "check_run.completed queued",
      "issue_comment.created queued",
      "pull_request.closed queued",
      "pull_request.labeled queued",
      "workflow_run.completed queued",
    ]);

    await h.settle();
    const comment = (await h.store.listTriage({})).find((j) => j.event === "issue_comment");
    // The harness clock runs fast, so the first short backoffs may already have passed: still queued.
    expect(comment).toMatchObject({ status: "queued", attempts: expect.any(Number) });
    expect(comment?.error).toMatch(/could not reach GitHub/);
    const logged = lines.map((l) => JSON.parse(l) as { msg: string; deliveryId?: string });
    expect(logged).toContainEqual(
      expect.objectContaining({ msg: "triage could not reach GitHub; will retry", deliveryId: "delivery-0" }),
    );
    expect(await h.store.listRuns({})).toEqual([]);

    fake.answer({
      "POST /app/installations/2311213/access_tokens": {
        status: 201,
        body: {
          token: "ghs_testtoken",
          expires_at: "2099-01-01T00:00:00Z",
          permissions: { issues: "write" },
        },
      },
      [`GET ${repoPath}/contents/.github%2Fxihe.yml`]: { status: 404, body: { message: "Not Found" } },
      [`GET ${repoPath}/collaborators/Codertocat/permission`]: {
        status: 200,
        body: fixture("collaborator-permission.write.json"),
      },
      [`GET ${repoPath}/pulls/1`]: { status: 200, body: fixture("pulls.get.same-repo.json") },
      [`POST ${repoPath}/issues/comments/492700400/reactions`]: {
        status: 201,
        body: { id: 9, content: "eyes" },
      },
      [`GET ${repoPath}/git/matching-refs/heads%2Fxihe%2Ffix%2F1-`]: { status: 200, body: [] },
    });
    h.advanceClock(10 * 60_000);
    await h.settle();
    expect((await h.store.listTriage({})).map((j) => j.status)).toEqual([
      "done",
      "done",
      "done",
      "done",
      "done",
    ]);
    expect(await h.store.listRuns({})).toMatchObject([
      { verb: "fix", trigger: "comment", args: "keep the public API", headSha, status: "queued" },
    ]);
    expect(fake.hits.get(`POST ${repoPath}/issues/comments/492700400/reactions`)).toBe(1);
  });
});
