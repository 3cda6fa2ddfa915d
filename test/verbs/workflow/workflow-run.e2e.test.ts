// `/xihe workflow <name> k=v` end to end from a PR comment: a signed issue_comment webhook through the
// real Probot app, the real worker and executor table (the App's DolphinScheduler from its own
// environment, the project and green list from the default branch's config), a fake DolphinScheduler
// 3.x server on 127.0.0.1, and GitHub's REST API as nock (every interceptor must be used). The run's
// sticky comment carries the result; the green list decides whether a transient failure is retried.
import { rmSync } from "node:fs";
import nock from "nock";
import { afterEach, describe, expect, it } from "vitest";
import { commentPayload, createHarness, fixture, type Harness } from "../../github/app-harness.ts";
import { installationTokenReply, realExecutors } from "../../github/run-fixtures.ts";
import { scratchDir } from "../../support/scratch-dir.ts";
import {
  startFakeDolphinScheduler,
  type FakeDolphinScheduler,
  type InstancePlan,
} from "../../integrations/dolphinscheduler/fake-dolphinscheduler.ts";

const api = "https://api.github.com";
const repoPath = "/repos/Codertocat/Hello-World";
const token = "ds-app-token";

const config = [
  "integrations:",
  "  dolphinscheduler:",
  "    project: dw",
  "    green_list: [etl_smoke]",
  "    poll_seconds: 1",
  "",
].join("\n");

const transientFailure: InstancePlan = {
  states: ["RUNNING_EXECUTION", "FAILURE"],
  tasks: [
    {
      name: "load_orders",
      state: "FAILURE",
      log: "[ERROR] com.mysql.cj.jdbc.exceptions.CommunicationsException: Communications link failure",
    },
  ],
};
const success: InstancePlan = { states: ["RUNNING_EXECUTION", "SUCCESS"] };

let h: Harness | undefined;
let ds: FakeDolphinScheduler | undefined;
const scratch: string[] = [];
afterEach(async () => {
  await h?.close();
  h = undefined;
  await ds?.close();
  ds = undefined;
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
  nock.cleanAll();
});

async function start(plans: InstancePlan[]) {
  ds = await startFakeDolphinScheduler({
    token,
    project: "dw",
    workflows: [
      { name: "etl_smoke", code: 1001, plans },
      { name: "etl_full", code: 1002, plans },
    ],
  });
  const work = scratchDir("xihe-wf-app-");
  scratch.push(work);
  h = await createHarness({
    executors: realExecutors(work, {
      env: { XIHE_DOLPHINSCHEDULER_URL: ds.baseUrl, XIHE_DOLPHINSCHEDULER_TOKEN: token },
    }),
  });
  return { ds, h };
}

const configReply = {
  type: "file",
  encoding: "base64",
  content: Buffer.from(config).toString("base64"),
  path: ".github/xihe.yml",
};

/** The REST calls of one accepted /xihe workflow run; the sticky comment's bodies are collected. */
function githubForOneRun(conclusion: "success" | "failure") {
  const bodies: string[] = [];
  const scope = nock(api)
    .post("/app/installations/2311213/access_tokens")
    .reply(201, installationTokenReply)
    // Read by the webhook handler, and again by the run when it starts (the default branch only).
    .get(`${repoPath}/contents/.github%2Fxihe.yml`)
    .query({ ref: "master" })
    .times(2)
    .reply(200, configReply)
    .get(`${repoPath}/collaborators/Codertocat/permission`)
    .reply(200, fixture("collaborator-permission.write.json"))
    .get(`${repoPath}/pulls/1`)
    .reply(200, fixture("pulls.get.same-repo.json"))
    .post(`${repoPath}/issues/comments/801/reactions`)
    .reply(201, { id: 5, content: "eyes" })
    .get(`${repoPath}/issues/1/comments`)
    .query({ per_page: "100" })
    .reply(200, [])
    .post(`${repoPath}/issues/1/comments`, (b: { body: string }) => (bodies.push(b.body), true))
    .reply(201, { id: 560, html_url: "https://github.com/Codertocat/Hello-World/pull/1#issuecomment-560" })
    .post(`${repoPath}/check-runs`)
    .reply(201, { id: 1560 })
    .patch(`${repoPath}/check-runs/1560`, (b: { conclusion: string }) => b.conclusion === conclusion)
    .reply(200, {});
  nock(api)
    .patch(`${repoPath}/issues/comments/560`, (b: { body: string }) => (bodies.push(b.body), true))
    .reply(200, {})
    .persist();
  return { scope, bodies };
}

const keys = (server: FakeDolphinScheduler) =>
  server.starts.map((s) => JSON.parse(s.startParams!) as Record<string, string>);

describe("/xihe workflow from a pull-request comment", () => {
  it("starts a green-listed workflow with the comment's parameters, retries its transient failure, and reports success", async () => {
    const { ds, h } = await start([transientFailure, success]);
    const { scope, bodies } = githubForOneRun("success");
    await h.send(
      "issue_comment",
      commentPayload("/xihe workflow etl_smoke dt=2026-12-03 region=cn", { commentId: 801 }),
      "delivery-wf-ok",
    );
    await h.settle();
    await h.worker.drain();

    const [run] = await h.store.listRuns({});
    expect(run).toMatchObject({
      verb: "workflow",
      args: "etl_smoke dt=2026-12-03 region=cn",
      requester: "Codertocat",
      status: "succeeded",
    });
    expect(keys(ds)).toEqual([
      { dt: "2026-12-03", region: "cn", xihe_run_key: `${run!.id}/workflow:etl_smoke/1` },
      { dt: "2026-12-03", region: "cn", xihe_run_key: `${run!.id}/workflow:etl_smoke/2` },
    ]);
    const final = bodies.at(-1)!;
    expect(final).toContain(
      "**workflow etl\\_smoke succeeded (instance 101) after 1 automatic retry (transient failures)**",
    );
    expect(final).toContain("| 1 | 100 | FAILURE | transient (connection) in `load_orders` |");
    expect(final).toContain("| 2 | 101 | SUCCESS |");
    expect(scope.isDone()).toBe(true);
  }, 60_000);

  it("never retries a workflow that is not on the green list, and says so in the comment", async () => {
    const { ds, h } = await start([transientFailure, success]);
    const { scope, bodies } = githubForOneRun("failure");
    await h.send("issue_comment", commentPayload("/xihe workflow etl_full", { commentId: 801 }), "d-wf-nl");
    await h.settle();
    await h.worker.drain();

    const [run] = await h.store.listRuns({});
    expect(run).toMatchObject({ verb: "workflow", status: "failed" });
    expect(ds.starts).toHaveLength(1);
    const final = bodies.at(-1)!;
    expect(final).toContain(
      "workflow etl\\_full failed (instance 100): transient connection in load\\_orders",
    );
    expect(final).toContain("not on the green list: never retried automatically");
    expect(final).toContain(
      "Deciding log line:\n```\n[ERROR] com.mysql.cj.jdbc.exceptions.CommunicationsException: Communications link failure\n```",
    );
    expect(scope.isDone()).toBe(true);
  }, 60_000);

  it("A06: refuses a user with read access with one reply, and starts nothing in DolphinScheduler", async () => {
    const { ds, h } = await start([success]);
    const scope = nock(api)
      .post("/app/installations/2311213/access_tokens")
      .reply(201, installationTokenReply)
      .get(`${repoPath}/contents/.github%2Fxihe.yml`)
      .query({ ref: "master" })
      .reply(200, configReply)
      .get(`${repoPath}/collaborators/Codertocat/permission`)
      .reply(200, fixture("collaborator-permission.read.json"))
      .post(`${repoPath}/issues/1/comments`, (b: { body: string }) => b.body.includes("needs write access"))
      .reply(201, { id: 2 });
    await h.send("issue_comment", commentPayload("/xihe workflow etl_smoke", { commentId: 801 }), "d-wf-ro");
    await h.settle();
    await h.worker.drain();

    expect(await h.store.listRuns({})).toEqual([]);
    expect(ds.starts).toEqual([]);
    expect(ds.requests).toEqual([]);
    expect(scope.isDone()).toBe(true);
  }, 60_000);
});
