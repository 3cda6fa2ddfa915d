import nock from "nock";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { commentPayload, createHarness, fixture, type Harness } from "./github/app-harness.ts";

const api = "https://api.github.com";
const repoPath = "/repos/Codertocat/Hello-World";
const head = "ec26c3e57ca3a959ca5aad62de7213c562f8c821";

const token = () =>
  nock(api)
    .post("/app/installations/2311213/access_tokens")
    .reply(201, {
      token: "ghs_testtoken",
      expires_at: "2099-01-01T00:00:00Z",
      permissions: { issues: "write" },
    });
const noConfig = (scope: nock.Scope) =>
  scope
    .get(`${repoPath}/contents/.github%2Fxihe.yml`)
    .query({ ref: "master" })
    .reply(404, { message: "Not Found" });
const permission = (scope: nock.Scope, level: "write" | "read") =>
  scope
    .get(`${repoPath}/collaborators/Codertocat/permission`)
    .reply(200, fixture(`collaborator-permission.${level}.json`));

describe("Xihe app webhooks", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  it("replies to /xihe help with the command list", async () => {
    const scope = token()
      .post(
        `${repoPath}/issues/1/comments`,
        (b: { body: string }) => b.body.includes("/xihe fix") && b.body.includes("/xihe undo"),
      )
      .reply(201, { id: 1 });
    await h.send("issue_comment", commentPayload("/xihe help"));
    expect(scope.isDone()).toBe(true);
  });

  it("replies to an unknown verb with the list of verbs", async () => {
    token()
      .post(
        `${repoPath}/issues/1/comments`,
        (b: { body: string }) => b.body.includes("does not know `deploy`") && b.body.includes("/xihe status"),
      )
      .reply(201, { id: 1 });
    await h.send("issue_comment", commentPayload("/xihe deploy now"));
  });

  it("A06: refuses /xihe fix from a user with read access, with one reply and no run", async () => {
    const scope = token();
    noConfig(scope);
    permission(scope, "read");
    scope
      .post(`${repoPath}/issues/1/comments`, (b: { body: string }) => b.body.includes("needs write access"))
      .reply(201, { id: 2 });
    await h.send("issue_comment", commentPayload("/xihe fix"));
    expect(await h.store.listRuns({})).toEqual([]);
  });

  it("A06: ignores commands from bot accounts without any GitHub call", async () => {
    await h.send("issue_comment", commentPayload("/xihe fix", { login: "xihe[bot]", type: "Bot" }));
    await h.send("issue_comment", commentPayload("/xihe fix", { login: "renovate[bot]", type: "Bot" }));
    expect(await h.store.listRuns({})).toEqual([]);
  });

  it("A07: a quoted or fenced command does nothing", async () => {
    await h.send("issue_comment", commentPayload("> /xihe fix\n\n```\n/xihe fix\n```\nsee /xihe fix above"));
    expect(await h.store.listRuns({})).toEqual([]);
  });

  it("A08: editing a comment to add a command never starts a run", async () => {
    const edited = { ...commentPayload("/xihe fix"), action: "edited", changes: { body: { from: "lgtm" } } };
    await h.send("issue_comment", edited);
    expect(await h.store.listRuns({})).toEqual([]);
  });

  it("A05: an unsupported event or action is ignored", async () => {
    await h.send("issue_comment", { ...commentPayload("/xihe fix"), action: "deleted" });
    await h.send("issue_comment", { ...commentPayload("/xihe fix"), action: "transferred_to_mars" });
    expect(await h.store.listRuns({})).toEqual([]);
  });

  const queueFix = () => {
    const scope = token();
    noConfig(scope);
    permission(scope, "write");
    scope.get(`${repoPath}/pulls/1`).reply(200, fixture("pulls.get.same-repo.json"));
    scope
      .post(`${repoPath}/issues/comments/492700400/reactions`, { content: "eyes" })
      .reply(201, { id: 9, content: "eyes" });
    return scope;
  };

  it("queues a fix run at the PR head SHA and reacts with eyes", async () => {
    queueFix();
    await h.send("issue_comment", commentPayload("/xihe fix keep the public API"));
    const runs = await h.store.listRuns({});
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      repo: "Codertocat/Hello-World",
      pr: 1,
      headSha: head,
      verb: "fix",
      args: "keep the public API",
      requester: "Codertocat",
      status: "queued",
      trigger: "comment",
    });
  });

  it("A04: the same delivery five times concurrently produces one run", async () => {
    queueFix();
    const payload = commentPayload("/xihe fix");
    await Promise.all(Array.from({ length: 5 }, () => h.send("issue_comment", payload, "delivery-A04")));
    expect(await h.store.listRuns({})).toHaveLength(1);
  });

  it("a redelivered webhook does nothing twice", async () => {
    queueFix();
    const payload = commentPayload("/xihe fix");
    await h.send("issue_comment", payload, "delivery-redeliver");
    await h.send("issue_comment", payload, "delivery-redeliver");
    expect(await h.store.listRuns({})).toHaveLength(1);
  });

  it("answers 'already running' to a second request for the same head SHA", async () => {
    queueFix();
    await h.send("issue_comment", commentPayload("/xihe fix"), "d1");
    const scope = nock(api);
    noConfig(scope);
    scope.get(`${repoPath}/pulls/1`).reply(200, fixture("pulls.get.same-repo.json"));
    scope
      .post(`${repoPath}/issues/1/comments`, (b: { body: string }) => b.body.includes("already in progress"))
      .reply(201, { id: 3 });
    await h.send("issue_comment", commentPayload("/xihe fix", { commentId: 77 }), "d2");
    expect(await h.store.listRuns({})).toHaveLength(1);
  });

  it("posts one comment naming the invalid config key and starts no run", async () => {
    const yaml = "on_failure: sometimes\ncommands:\n  tests: [npm test]\n";
    token()
      .get(`${repoPath}/contents/.github%2Fxihe.yml`)
      .query({ ref: "master" })
      .reply(200, {
        type: "file",
        encoding: "base64",
        content: Buffer.from(yaml).toString("base64"),
        path: ".github/xihe.yml",
      })
      .post(
        `${repoPath}/issues/1/comments`,
        (b: { body: string }) => b.body.includes("`on_failure`") && b.body.includes("`commands.tests`"),
      )
      .reply(201, { id: 4 });
    await h.send("issue_comment", commentPayload("/xihe fix"));
    expect(await h.store.listRuns({})).toEqual([]);
  });

  it("A14: reads config from the default branch only, never the PR head", async () => {
    // The contents request must carry ref=master (the default branch); a PR-head ref would not match.
    queueFix();
    await h.send("issue_comment", commentPayload("/xihe fix"));
    expect((await h.store.listRuns({}))[0]?.context).toMatchObject({
      policyHash: expect.any(String),
      defaultBranch: "master",
    });
  });

  it("/xihe stop cancels the PR's active run", async () => {
    queueFix();
    await h.send("issue_comment", commentPayload("/xihe fix"), "d-fix");
    const scope = nock(api);
    noConfig(scope);
    scope
      .post(`${repoPath}/issues/1/comments`, (b: { body: string }) => /Stopped `run\d+`/.test(b.body))
      .reply(201, { id: 5 });
    await h.send("issue_comment", commentPayload("/xihe stop", { commentId: 78 }), "d-stop");
    const [run] = await h.store.listRuns({});
    expect(run).toMatchObject({ status: "cancelled", reason: "stopped by @Codertocat" });
    expect(await h.store.listAudit({ runId: run!.id })).toMatchObject([
      { action: "stop", actor: "Codertocat" },
    ]);
  });
});
