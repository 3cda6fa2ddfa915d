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
    await h.settle();
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
    await h.settle();
  });

  it("A06: refuses /xihe fix from a user with read access, with one reply and no run", async () => {
    const scope = token();
    noConfig(scope);
    permission(scope, "read");
    scope
      .post(`${repoPath}/issues/1/comments`, (b: { body: string }) => b.body.includes("needs write access"))
      .reply(201, { id: 2 });
    await h.send("issue_comment", commentPayload("/xihe fix"));
    await h.settle();
    expect(await h.store.listRuns({})).toEqual([]);
  });

  it("A06: ignores commands from bot accounts without any GitHub call", async () => {
    await h.send("issue_comment", commentPayload("/xihe fix", { login: "xihe[bot]", type: "Bot" }));
    await h.settle();
    await h.send("issue_comment", commentPayload("/xihe fix", { login: "renovate[bot]", type: "Bot" }));
    await h.settle();
    expect(await h.store.listRuns({})).toEqual([]);
  });

  it("A07: a quoted or fenced command does nothing", async () => {
    await h.send("issue_comment", commentPayload("> /xihe fix\n\n```\n/xihe fix\n```\nsee /xihe fix above"));
    await h.settle();
    expect(await h.store.listRuns({})).toEqual([]);
  });

  it("A08: editing a comment to add a command never starts a run", async () => {
    const edited = { ...commentPayload("/xihe fix"), action: "edited", changes: { body: { from: "lgtm" } } };
    await h.send("issue_comment", edited);
    await h.settle();
    expect(await h.store.listRuns({})).toEqual([]);
  });

  it("A05: an unsupported event or action is ignored", async () => {
    await h.send("issue_comment", { ...commentPayload("/xihe fix"), action: "deleted" });
    await h.settle();
    await h.send("issue_comment", { ...commentPayload("/xihe fix"), action: "transferred_to_mars" });
    await h.settle();
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
    await h.settle();
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
    await h.settle();
    expect(await h.store.listRuns({})).toHaveLength(1);
  });

  it("a redelivered webhook does nothing twice", async () => {
    queueFix();
    const payload = commentPayload("/xihe fix");
    await h.send("issue_comment", payload, "delivery-redeliver");
    await h.settle();
    await h.send("issue_comment", payload, "delivery-redeliver");
    await h.settle();
    expect(await h.store.listRuns({})).toHaveLength(1);
  });

  it("answers 'already running' to a second request for the same head SHA", async () => {
    queueFix();
    await h.send("issue_comment", commentPayload("/xihe fix"), "d1");
    await h.settle();
    const scope = nock(api);
    noConfig(scope);
    scope.get(`${repoPath}/pulls/1`).reply(200, fixture("pulls.get.same-repo.json"));
    scope
      .post(`${repoPath}/issues/1/comments`, (b: { body: string }) => b.body.includes("already in progress"))
      .reply(201, { id: 3 });
    await h.send("issue_comment", commentPayload("/xihe fix", { commentId: 77 }), "d2");
    await h.settle();
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
    await h.settle();
    expect(await h.store.listRuns({})).toEqual([]);
  });

  it("A14: reads config from the default branch only, never the PR head", async () => {
    // The contents request must carry ref=master (the default branch); a PR-head ref would not match.
    queueFix();
    await h.send("issue_comment", commentPayload("/xihe fix"));
    await h.settle();
    expect((await h.store.listRuns({}))[0]?.context).toMatchObject({
      policyHash: expect.any(String),
      defaultBranch: "master",
    });
  });

  it("/xihe rebase on an upgrade PR records an upgrade run of that PR's group on the default branch", async () => {
    const pull = fixture<{ head: { ref: string } }>("pulls.get.same-repo.json");
    pull.head.ref = "xihe/deps/minor-patch";
    const scope = token();
    noConfig(scope);
    permission(scope, "write");
    scope.get(`${repoPath}/pulls/1`).reply(200, pull);
    scope.get(`${repoPath}/branches/master`).reply(200, { name: "master", commit: { sha: "b".repeat(40) } });
    scope.post(`${repoPath}/issues/comments/492700400/reactions`).reply(201, { id: 9, content: "eyes" });
    await h.send("issue_comment", commentPayload("/xihe rebase"));
    await h.settle();
    expect(scope.isDone()).toBe(true);
    expect(await h.store.listRuns({})).toMatchObject([
      { verb: "upgrade", args: "--group minor-patch", pr: 1, headSha: "b".repeat(40), status: "queued" },
    ]);
  });

  it("/xihe rebase on a PR that is not Xihe's upgrade PR says so and records no run", async () => {
    const scope = token();
    noConfig(scope);
    permission(scope, "write");
    scope.get(`${repoPath}/pulls/1`).reply(200, fixture("pulls.get.same-repo.json"));
    scope
      .post(`${repoPath}/issues/1/comments`, (b: { body: string }) =>
        b.body.includes("`/xihe rebase` works on Xihe's dependency-upgrade pull requests"),
      )
      .reply(201, { id: 5 });
    await h.send("issue_comment", commentPayload("/xihe rebase"));
    await h.settle();
    expect(scope.isDone()).toBe(true);
    expect(await h.store.listRuns({})).toEqual([]);
  });

  /** A push webhook built on the recorded comment payload's repository, sender and installation. */
  function pushPayload(ref: string, sender?: { login: string; type: string }) {
    const { repository, sender: person, installation } = commentPayload("x");
    return {
      ref,
      before: "a".repeat(40),
      after: "b".repeat(40),
      created: false,
      deleted: false,
      forced: false,
      repository,
      sender: sender ?? person,
      installation,
    };
  }

  it("a push to the default branch rebuilds each conflicting upgrade PR of the repository, and no other", async () => {
    const upgradePull = (number: number, ref: string, repo = "Codertocat/Hello-World") => ({
      number,
      head: { ref, repo: { full_name: repo } },
    });
    const scope = token();
    noConfig(scope);
    scope
      .get(`${repoPath}/pulls`)
      .query({ state: "open", base: "master", per_page: 100 })
      .reply(200, [
        upgradePull(5, "xihe/deps/minor-patch"),
        upgradePull(6, "xihe/deps/greet-2"),
        upgradePull(7, "feature"),
        upgradePull(8, "xihe/deps/minor-patch", "someone/fork"),
      ]);
    scope.get(`${repoPath}/pulls/5`).reply(200, { number: 5, mergeable: false });
    // Not computed yet: left for /xihe rebase or the next scheduled run.
    scope.get(`${repoPath}/pulls/6`).reply(200, { number: 6, mergeable: null });
    scope.get(`${repoPath}/branches/master`).reply(200, { name: "master", commit: { sha: "b".repeat(40) } });
    await h.send("push", pushPayload("refs/heads/master"));
    await h.settle();
    expect(scope.isDone()).toBe(true);
    expect(await h.store.listRuns({})).toMatchObject([
      { verb: "upgrade", args: "--group minor-patch", pr: 5, trigger: "push", status: "queued" },
    ]);
  });

  it("a push to another branch, or by a bot, asks GitHub nothing and starts nothing", async () => {
    const asked: string[] = [];
    const record = (req: { path: string }) => asked.push(req.path);
    nock.emitter.on("no match", record);
    try {
      await h.send("push", pushPayload("refs/heads/feature"), "d-push-1");
      await h.send("push", pushPayload("refs/heads/master", { login: "xihe[bot]", type: "Bot" }), "d-push-2");
      await h.settle();
    } finally {
      nock.emitter.removeListener("no match", record);
    }
    expect(asked).toEqual([]);
    expect(await h.store.listRuns({})).toEqual([]);
  });

  it("/xihe stop cancels the PR's active run", async () => {
    queueFix();
    await h.send("issue_comment", commentPayload("/xihe fix"), "d-fix");
    await h.settle();
    const scope = nock(api);
    noConfig(scope);
    scope
      .post(`${repoPath}/issues/1/comments`, (b: { body: string }) => /Stopped `run\d+`/.test(b.body))
      .reply(201, { id: 5 });
    await h.send("issue_comment", commentPayload("/xihe stop", { commentId: 78 }), "d-stop");
    await h.settle();
    const [run] = await h.store.listRuns({});
    expect(run).toMatchObject({ status: "cancelled", reason: "stopped by @Codertocat" });
    expect(await h.store.listAudit({ runId: run!.id })).toMatchObject([
      { action: "stop", actor: "Codertocat" },
    ]);
  });
});

describe("Xihe app: labels, failed checks and closed PRs", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  const base = () => {
    const p = commentPayload("");
    return { repository: p.repository, sender: p.sender, installation: p.installation };
  };
  const configYaml = (yaml: string) => ({
    type: "file",
    encoding: "base64",
    content: Buffer.from(yaml).toString("base64"),
    path: ".github/xihe.yml",
  });
  const pr = {
    number: 1,
    state: "open",
    head: { sha: head, ref: "changes", repo: { full_name: "Codertocat/Hello-World" } },
  };

  it("the xihe:fix label queues a fix run for whoever added it", async () => {
    const scope = token();
    noConfig(scope);
    permission(scope, "write");
    scope.get(`${repoPath}/pulls/1`).reply(200, fixture("pulls.get.same-repo.json"));
    await h.send("pull_request", {
      action: "labeled",
      label: { name: "xihe:fix" },
      pull_request: pr,
      ...base(),
    });
    await h.settle();
    expect(await h.store.listRuns({})).toMatchObject([
      { verb: "fix", trigger: "label", requester: "Codertocat" },
    ]);
  });

  it("other labels do nothing", async () => {
    await h.send("pull_request", { action: "labeled", label: { name: "bug" }, pull_request: pr, ...base() });
    await h.settle();
    expect(await h.store.listRuns({})).toEqual([]);
  });

  const failedCheck = (over: Record<string, unknown> = {}) => ({
    action: "completed",
    check_run: {
      id: 4242,
      name: "test",
      head_sha: head,
      conclusion: "failure",
      app: { id: 15368, slug: "github-actions" },
      pull_requests: [{ number: 1, head: { sha: head, ref: "changes" } }],
      ...over,
    },
    ...base(),
  });

  it("a failed check run starts a fix when on_failure is fix", async () => {
    token()
      .get(`${repoPath}/contents/.github%2Fxihe.yml`)
      .query({ ref: "master" })
      .reply(200, configYaml("on_failure: fix\n"))
      .get(`${repoPath}/pulls/1`)
      .reply(200, fixture("pulls.get.same-repo.json"));
    await h.send("check_run", failedCheck());
    await h.settle();
    expect(await h.store.listRuns({})).toMatchObject([{ verb: "fix", trigger: "check_run", headSha: head }]);
  });

  it("deps.fix_bot_prs: a red CI on a Dependabot PR in this repository starts a fix, even with on_failure off", async () => {
    const bump = "dependabot/npm_and_yarn/greet-2.0.0";
    const pull = fixture<{ user: { login: string }; head: { ref: string } }>("pulls.get.same-repo.json");
    pull.user.login = "dependabot[bot]";
    pull.head.ref = bump;
    token()
      .get(`${repoPath}/contents/.github%2Fxihe.yml`)
      .query({ ref: "master" })
      .reply(200, configYaml("deps:\n  fix_bot_prs: true\n"))
      .get(`${repoPath}/pulls/1`)
      .reply(200, pull);
    await h.send(
      "check_run",
      failedCheck({ pull_requests: [{ number: 1, head: { sha: head, ref: bump } }] }),
    );
    await h.settle();
    expect(await h.store.listRuns({})).toMatchObject([{ verb: "fix", trigger: "check_run", pr: 1 }]);
  });

  it("deps.fix_bot_prs: a person's PR on a dependabot/ branch, or fix_bot_prs off, starts nothing", async () => {
    const bump = "dependabot/npm_and_yarn/greet-2.0.0";
    const pull = fixture<{ head: { ref: string } }>("pulls.get.same-repo.json");
    pull.head.ref = bump;
    token()
      .get(`${repoPath}/contents/.github%2Fxihe.yml`)
      .query({ ref: "master" })
      .reply(200, configYaml("deps:\n  fix_bot_prs: true\n"))
      .get(`${repoPath}/pulls/1`)
      .reply(200, pull);
    const onBranch = { pull_requests: [{ number: 1, head: { sha: head, ref: bump } }] };
    await h.send("check_run", failedCheck(onBranch), "bot-1");
    await h.settle();
    noConfig(nock(api));
    await h.send("check_run", failedCheck({ ...onBranch, id: 4243 }), "bot-2");
    await h.settle();
    expect(await h.store.listRuns({})).toEqual([]);
  });

  it("a failed check run does nothing when on_failure is off (the default)", async () => {
    noConfig(token());
    await h.send("check_run", failedCheck());
    await h.settle();
    expect(await h.store.listRuns({})).toEqual([]);
  });

  it("A36: Xihe's own check run and its side branches never trigger Xihe", async () => {
    await h.send("check_run", failedCheck({ app: { id: 123, slug: "xihe" } }));
    await h.settle();
    await h.send("check_run", failedCheck({ name: "Xihe" }));
    await h.settle();
    await h.send(
      "check_run",
      failedCheck({ pull_requests: [{ number: 2, head: { sha: head, ref: "xihe/fix/1-abc" } }] }),
    );
    await h.settle();
    expect(await h.store.listRuns({})).toEqual([]);
  });

  it("A36: after max_attempts_per_sha automatic runs, posts one 'giving up' comment and stops", async () => {
    for (let i = 0; i < 2; i++) {
      const r = await h.store.createRun(
        {
          installationId: 2311213,
          repo: "Codertocat/Hello-World",
          pr: 1,
          headSha: head,
          verb: "fix",
          args: "",
          trigger: "check_run",
          requester: "xihe",
          budget: null,
          context: {},
        },
        { id: `old${i}`, now: "2026-12-02T11:00:00.000Z" },
      );
      if (r.created)
        await h.store.updateRun(r.run.id, { status: "failed", endedAt: "2026-12-02T11:01:00.000Z" });
    }
    const scope = token()
      .get(`${repoPath}/contents/.github%2Fxihe.yml`)
      .query({ ref: "master" })
      .times(2)
      .reply(200, configYaml("on_failure: fix\nfix:\n  max_attempts_per_sha: 2\n"))
      .post(`${repoPath}/issues/1/comments`, (b: { body: string }) =>
        b.body.includes("giving up after 2 attempts"),
      )
      .reply(201, { id: 9 });
    await h.send("check_run", failedCheck(), "check-1");
    await h.settle();
    await h.send("check_run", failedCheck({ id: 4243 }), "check-2");
    await h.settle();
    expect(scope.isDone()).toBe(true);
    expect(await h.store.listRuns({})).toHaveLength(2);
  });

  it("deletes the side branches of a closed pull request", async () => {
    token()
      .get(`${repoPath}/git/matching-refs/heads%2Fxihe%2Ffix%2F1-`)
      .reply(200, [
        { ref: "refs/heads/xihe/fix/1-run0001", object: { sha: head, type: "commit" } },
        { ref: "refs/heads/xihe/fix/1-mine", object: { sha: "b".repeat(40), type: "commit" } },
      ])
      .get(`${repoPath}/git/commits/${head}`)
      .reply(200, { sha: head, message: "xihe: fix\n\nXihe-Run: run0001\n" })
      .get(`${repoPath}/git/commits/${"b".repeat(40)}`)
      .reply(200, { sha: "b".repeat(40), message: "my own work on a branch with a confusing name" })
      // Deleted with a lease on the tip that was checked (GraphQL updateRefs, beforeOid).
      .post("/graphql", (b: { variables: unknown }) => {
        expect(b.variables).toEqual({
          repositoryId: "MDEwOlJlcG9zaXRvcnkxODY4NTMwMDI=",
          refUpdates: [{ name: "refs/heads/xihe/fix/1-run0001", beforeOid: head, afterOid: "0".repeat(40) }],
        });
        return true;
      })
      .reply(200, { data: { updateRefs: { clientMutationId: null } } });
    await h.send("pull_request", {
      action: "closed",
      pull_request: { ...pr, state: "closed", merged: true },
      ...base(),
    });
    await h.settle();
    expect(await h.store.listAudit({})).toMatchObject([
      { action: "cleanup_side_branches", result: { deleted: ["xihe/fix/1-run0001"] } },
    ]);
  });
});

describe("Xihe app: fork PRs and automatic triggers", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  it("never starts an automatic run on a fork PR: only a maintainer's command runs fork code", async () => {
    const forkPull = fixture<{ head: { repo: { full_name: string } } }>("pulls.get.same-repo.json");
    forkPull.head.repo.full_name = "forker/Hello-World";
    const p = commentPayload("");
    token()
      .get(`${repoPath}/contents/.github%2Fxihe.yml`)
      .query({ ref: "master" })
      .reply(200, {
        type: "file",
        encoding: "base64",
        content: Buffer.from("on_failure: fix\n").toString("base64"),
        path: ".github/xihe.yml",
      })
      .get(`${repoPath}/pulls/1`)
      .reply(200, forkPull);
    await h.send("workflow_run", {
      action: "completed",
      workflow_run: {
        id: 9,
        name: "ci",
        head_sha: head,
        conclusion: "failure",
        pull_requests: [{ number: 1, head: { sha: head, ref: "changes" } }],
      },
      repository: p.repository,
      sender: p.sender,
      installation: p.installation,
    });
    await h.settle();
    expect(await h.store.listRuns({})).toEqual([]);
  });
});
