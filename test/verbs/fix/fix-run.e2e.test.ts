// `/xihe fix` end to end: a signed issue_comment webhook through the real Probot app, a real bare git
// repository as the PR's repository, the real worker, workspace, bubblewrap sandbox, fix loop (the
// model scripted over HTTP) and delivery. GitHub's REST API is nock; every interceptor must be used.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import nock from "nock";
import { afterEach, describe, expect, it } from "vitest";
import { recoverInterruptedRuns } from "../../../src/runs/recover-interrupted.ts";
import {
  startScriptedModelServer,
  type ScriptedModelServer,
} from "../../agent/support/scripted-model-server.ts";
import { sumRepo, testCommand } from "../../agent/support/sum-repo.ts";
import { commentPayload, createHarness, fixture, type Harness } from "../../github/app-harness.ts";
import {
  installationTokenReply,
  isInstallationTokenRequest,
  realExecutors,
  runTokenReply,
} from "../../github/run-fixtures.ts";
import { api, interceptFixRun, repoPath } from "./fix-run-api.ts";
import { scriptedModelAppEnv } from "./send-fix-comment.ts";

const blobHost = "https://pipelines.actions.example.test";

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", ["-c", "user.name=dev", "-c", "user.email=dev@example.invalid", ...args], {
    cwd,
    encoding: "utf8",
  }).trim();
}

/**
 * A bare repository holding the PR head (sum() subtracts, so `node --test` fails) and its real CI log;
 * `extra` files are part of the PR head (e.g. a hostile `.github/xihe.yml`).
 */
function makeRemote(extra: Record<string, string> = {}) {
  const root = mkdtempSync(join(existsShm() ? "/dev/shm" : tmpdir(), "xihe-e2e-"));
  scratch.push(root);
  const work = join(root, "work");
  for (const [path, text] of Object.entries({ ...sumRepo, ...extra })) {
    mkdirSync(dirname(join(work, path)), { recursive: true });
    writeFileSync(join(work, path), text);
  }
  git(work, "init", "-q", "-b", "changes");
  git(work, "add", "-A");
  git(work, "commit", "-qm", "sum: add numbers");
  const bare = join(root, "Hello-World.git");
  execFileSync("git", ["clone", "-q", "--bare", work, bare]);
  let log = "";
  try {
    execFileSync("node", ["--test"], { cwd: work, encoding: "utf8", stdio: "pipe" });
  } catch (err) {
    const e = err as { stdout: string; stderr: string };
    log = `${e.stdout}${e.stderr}`;
  }
  return { root, bare, head: git(work, "rev-parse", "HEAD"), log };
}

function existsShm(): boolean {
  try {
    return execFileSync("test", ["-d", "/dev/shm"]) !== null;
  } catch {
    return false;
  }
}

/** Temp dirs of the running test, removed after it (they live on tmpfs, i.e. in memory). */
const scratch: string[] = [];

const modelTurns = JSON.parse(
  readFileSync(new URL("../../fixtures/github/model-turns.sum-fix.json", import.meta.url), "utf8"),
) as { body: unknown }[];

let h: Harness | undefined;
let model: ScriptedModelServer | undefined;
afterEach(async () => {
  await h?.close();
  await model?.close();
  h = model = undefined;
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("/xihe fix end to end", () => {
  it("pushes a verified fix to a side branch, opens one fix PR and one sticky comment with evidence and rollback", async () => {
    const started = await startFixRun(false);
    ({ h, model } = started);
    const { remote, pull, contents, created, updates, checkDone } = started;

    const [run] = await h.store.listRuns({});
    expect(run).toMatchObject({ status: "succeeded", reason: null, headSha: remote.head });
    expect(created).toHaveLength(1);
    expect(checkDone.isDone()).toBe(true);
    const final = updates.at(-1) ?? "";
    expect(final).toMatch(/evidence/i);
    expect(final).toMatch(/roll ?back|undo/i);
    expect(final).toContain("node --test");
    expect(final).not.toContain("ghs_runtoken");
    // The install phase's evidence is in the comment: manager, command, exit code and duration.
    expect(final).toContain("#### Dependencies\n\n✅ installed with `npm`");
    expect(final).toMatch(/\| `npm install --ignore-scripts [^`]*` \| 0 \| \d+\.\d s \|/);
    // Reproduction before fixing: CI's failing test showed in the sandbox, so the fix went ahead.
    expect(final).toContain("#### Reproduction\n\n✅ reproduced: the sandbox shows CI's failure");
    expect(final).toContain("✅ seen in the sandbox: node:test test `adds two numbers`");

    // The side branch is in the bare repository and its tests pass.
    const branches = git(remote.bare, "branch", "--list", "xihe/fix/*").replace(/^[*\s]+/gm, "");
    expect(branches).toMatch(/^xihe\/fix\/1-/);
    const check = join(remote.root, "check");
    execFileSync("git", ["clone", "-q", "-b", branches, remote.bare, check]);
    execFileSync("node", ["--test"], { cwd: check, stdio: "pipe" });
    const message = git(check, "log", "-1", "--format=%B");
    expect(message).toContain(`Xihe-Run: ${run!.id}`);
    expect(message).toContain("Co-authored-by: Codertocat");
    expect(git(check, "log", "-1", "--format=%an")).toBe("xihe[bot]");
    expect(nock.pendingMocks().filter((m) => !m.includes("comments/555"))).toEqual([]);

    // The same webhook again: nothing happens (no interceptor is left for a second run).
    await h.send("issue_comment", commentPayload("/xihe fix"), "delivery-e2e");
    await h.worker.drain();
    expect(await h.store.listRuns({})).toHaveLength(1);

    // A worker killed right after the push and restarted: the run resumes, finds its push and PR
    // steps done, and pushes, opens and comments nothing new (A34, A35).
    const pushedBefore = git(remote.bare, "rev-parse", branches);
    await h.store.updateRun(run!.id, { status: "running", workerId: "dead-worker", endedAt: null });
    await h.store.finishStep(run!.id, "github:check-run:completed", {
      status: "failed",
      output: null,
      error: "killed",
      endedAt: new Date().toISOString(),
    });
    expect(
      await recoverInterruptedRuns({ store: h.store, now: () => new Date(), workerId: "w2" }),
    ).toMatchObject({
      resumed: [run!.id],
    });
    const resumed = nock(api);
    resumed
      .get(`${repoPath}/contents/.github%2Fxihe.yml`)
      .query({ ref: "master" })
      .reply(200, contents)
      .get(`${repoPath}/collaborators/Codertocat/permission`)
      .reply(200, fixture("collaborator-permission.write.json"))
      .post("/app/installations/2311213/access_tokens")
      .reply(201, runTokenReply)
      .patch(`${repoPath}/check-runs/777`)
      .reply(200, { id: 777 });
    await h.worker.drain();
    expect(git(remote.bare, "rev-parse", branches)).toBe(pushedBefore);
    expect(created).toHaveLength(1);
    expect((await h.store.getRun(run!.id))?.status).toBe("succeeded");

    // `/xihe apply`: the PR branch fast-forwards to the verified fix, and its tests pass.
    const sideSha = git(remote.bare, "rev-parse", branches);
    await runCommand(h, "/xihe apply", 601, { contents, pull, commentId: 556 });
    expect(git(remote.bare, "rev-parse", "changes")).toBe(sideSha);
    const applied = (await h.store.listRuns({})).find((r) => r.verb === "apply");
    expect(applied).toMatchObject({ status: "succeeded" });
    expect(await h.store.listAudit({ runId: applied!.id })).toMatchObject([
      { action: "apply", actor: "Codertocat" },
    ]);

    // `/xihe undo`: exactly the Xihe commit is reverted with a new commit (no force-push).
    pull.head.sha = sideSha;
    await runCommand(h, "/xihe undo", 602, { contents, pull, commentId: 557 });
    const undone = git(remote.bare, "rev-parse", "changes");
    expect(git(remote.bare, "rev-parse", `${undone}^`)).toBe(sideSha);
    expect(git(remote.bare, "log", "-1", "--format=%B", undone)).toContain(`Xihe-Undo: ${run!.id}`);
    expect(git(remote.bare, "show", `${undone}:src/sum.js`)).toContain("return a - b;");
    expect((await h.store.listRuns({})).find((r) => r.verb === "undo")).toMatchObject({
      status: "succeeded",
    });
  });
});

describe("/xihe fix on a fork PR", () => {
  it("keeps the side branch in the base repository, gives a compare link and patch, and never pushes to the fork", async () => {
    const started = await startFixRun(true);
    ({ h, model } = started);
    const { remote, updates } = started;
    const [run] = await h.store.listRuns({});
    expect(run).toMatchObject({ status: "succeeded", reason: null });
    const final = updates.at(-1) ?? "";
    expect(final).toContain(`https://github.com/Codertocat/Hello-World/compare/${remote.head}...xihe/fix/1-`);
    expect(final).toContain("git am");
    const branches = git(remote.bare, "branch", "--list", "xihe/fix/*").replace(/^[*\s]+/gm, "");
    expect(branches).toMatch(/^xihe\/fix\/1-/);

    // `/xihe apply` on a fork without maintainer edits: refused with the reason; nothing pushed anywhere.
    const before = git(remote.bare, "for-each-ref", "--format=%(refname) %(objectname)");
    const scope = nock(api);
    scope
      .get(`${repoPath}/contents/.github%2Fxihe.yml`)
      .query({ ref: "master" })
      .times(2)
      .reply(200, started.contents)
      .get(`${repoPath}/pulls/1`)
      .reply(200, started.pull)
      .post(`${repoPath}/issues/comments/603/reactions`)
      .reply(201, { id: 3, content: "eyes" })
      .get(`${repoPath}/issues/1/comments`)
      .query({ per_page: "100" })
      .reply(200, [])
      .post(`${repoPath}/issues/1/comments`)
      .reply(201, { id: 558, html_url: "https://github.com/Codertocat/Hello-World/pull/1#issuecomment-558" })
      .post(`${repoPath}/check-runs`)
      .reply(201, { id: 1558 })
      .get(`${repoPath}/collaborators/Codertocat/permission`)
      .reply(200, fixture("collaborator-permission.write.json"))
      .post("/app/installations/2311213/access_tokens")
      .reply(201, runTokenReply)
      .patch(`${repoPath}/issues/comments/558`, (b: { body: string }) =>
        b.body.includes("does not push to the fork"),
      )
      .reply(200, {})
      .patch(`${repoPath}/check-runs/1558`, (b: { conclusion: string }) => b.conclusion === "failure")
      .reply(200, {});
    await h.send("issue_comment", commentPayload("/xihe apply", { commentId: 603 }));
    await h.worker.drain();
    expect(git(remote.bare, "for-each-ref", "--format=%(refname) %(objectname)")).toBe(before);
  });
});

describe("/xihe fix with a hostile PR-local config", () => {
  it("A14: an invalid .github/xihe.yml in the PR head neither breaks the run nor changes its policy", async () => {
    const started = await startFixRun(false, {
      ".github/xihe.yml": 'understanding: {ignore: ["**"]}\nbogus: 1\n',
    });
    ({ h, model } = started);
    const [run] = await h.store.listRuns({});
    expect(run).toMatchObject({ status: "succeeded", reason: null });
    expect(started.updates.at(-1)).toContain("node --test");
  }, 300_000);

  it("A14: a valid PR-local .github/xihe.yml that widens commands, install and auto-apply plays no part in the run", async () => {
    const started = await startFixRun(false, {
      ".github/xihe.yml": [
        "commands:",
        '  install: ["node steal.js"]',
        '  test: ["node -e 0"]',
        "sandbox:",
        "  allow_install_scripts: true",
        '  registries: ["http://registry.attacker.example.test"]',
        "fix:",
        "  auto_apply_low_risk: true",
        "",
      ].join("\n"),
      "steal.js": "require('node:fs').writeFileSync('stolen.txt', 'ran');\n",
    });
    ({ h, model } = started);
    const { remote, updates } = started;
    const [run] = await h.store.listRuns({});
    expect(run).toMatchObject({ status: "succeeded", reason: null });
    const final = updates.at(-1) ?? "";
    // The default branch's commands ran: its test reproduced CI's failure and passes on the fix.
    expect(final).toContain("✅ seen in the sandbox: node:test test `adds two numbers`");
    expect(final).toMatch(/#### Dependencies\n\n✅ installed with `npm`/);
    expect(final).not.toContain("steal.js");
    expect(final).not.toContain("node -e 0");
    expect(final).not.toContain("attacker.example.test");
    // Not applied to the PR branch: auto-apply is off on the default branch.
    expect(git(remote.bare, "rev-parse", "changes")).toBe(remote.head);
    const side = git(remote.bare, "branch", "--list", "xihe/fix/*").replace(/^[*\s]+/gm, "");
    expect(git(remote.bare, "ls-tree", "-r", "--name-only", side)).not.toContain("stolen.txt");
  }, 300_000);
});

describe("/xihe fix when the sandbox does not reproduce CI's failure", () => {
  it("attempts no fix, pushes no side branch, and the comment shows what CI said and what the sandbox run did", async () => {
    // CI's log is a real run of the broken sum(); the PR head already has sum() fixed, so the
    // sandbox's run of the same command passes.
    const broken = makeRemote();
    const started = await startFixRun(
      false,
      { "src/sum.js": "export function sum(a, b) {\n  return a + b;\n}\n" },
      broken.log,
    );
    ({ h, model } = started);
    const { remote, updates } = started;
    const [run] = await h.store.listRuns({});
    expect(run).toMatchObject({ status: "needs_input", headSha: remote.head });
    const final = updates.at(-1) ?? "";
    expect(final).toContain("#### Reproduction");
    expect(final).toContain("not reproduced: the sandbox does not show CI's failure, so nothing was changed");
    expect(final).toMatch(
      /CI said[^\n]*"adds two numbers" in test\/sum\.test\.js:6, but the sandbox run of \\`node --test\\` exited 0/,
    );
    expect(final).toMatch(
      /❌ not seen in the sandbox: \S+ test `adds two numbers` in `test\/sum\.test\.js:\d+`/,
    );
    expect(final).toContain("- `node --test` exited 0");
    expect(git(remote.bare, "branch", "--list", "xihe/*")).toBe("");
    expect(git(remote.bare, "rev-parse", "changes")).toBe(remote.head);
    expect(model.requests).toHaveLength(0);
  });
});

/** One comment command through the app and the worker, with the REST calls it makes. */
async function runCommand(
  h: Harness,
  body: string,
  commentNumber: number,
  o: { contents: object; pull: object; commentId: number },
) {
  const scope = nock(api);
  scope
    .get(`${repoPath}/contents/.github%2Fxihe.yml`)
    .query({ ref: "master" })
    .times(body.includes("apply") ? 2 : 1)
    .reply(200, o.contents)
    .get(`${repoPath}/pulls/1`)
    .reply(200, o.pull)
    .post(`${repoPath}/issues/comments/${commentNumber}/reactions`)
    .reply(201, { id: 2, content: "eyes" })
    .get(`${repoPath}/issues/1/comments`)
    .query({ per_page: "100" })
    .reply(200, [])
    .post(`${repoPath}/issues/1/comments`)
    .reply(201, {
      id: o.commentId,
      html_url: `https://github.com/Codertocat/Hello-World/pull/1#issuecomment-${o.commentId}`,
    })
    .post(`${repoPath}/check-runs`)
    .reply(201, { id: o.commentId + 1000 })
    .get(`${repoPath}/collaborators/Codertocat/permission`)
    .reply(200, fixture("collaborator-permission.write.json"))
    .post("/app/installations/2311213/access_tokens")
    .reply(201, runTokenReply)
    .patch(`${repoPath}/issues/comments/${o.commentId}`, (b: { body: string }) => b.body.includes("✅ done"))
    .reply(200, {})
    .patch(
      `${repoPath}/check-runs/${o.commentId + 1000}`,
      (b: { conclusion: string }) => b.conclusion === "success",
    )
    .reply(200, {});
  // After an undo, the fix PR is closed unless it is already merged (GitHub marks it merged once its
  // commits reached its base through the fast-forward apply).
  if (body.includes("undo"))
    scope.get(`${repoPath}/pulls/2`).reply(200, { number: 2, state: "closed", merged: true });
  await h.send("issue_comment", commentPayload(body, { commentId: commentNumber }));
  await h.worker.drain();
}

/** Sets up a PR whose head fails `node --test`, the app, the scripted model and the REST calls of one fix run. */
async function startFixRun(fork: boolean, extra: Record<string, string> = {}, ciLog?: string) {
  const remote = makeRemote(extra);
  const model = await startScriptedModelServer(modelTurns);
  const h = await createHarness({
    executors: realExecutors(join(remote.root, "xihe-work"), {
      env: scriptedModelAppEnv(model.baseURL),
    }),
  });
  const pull = fixture<{
    head: { sha: string; repo: { full_name: string; clone_url: string } };
    base: { repo: { clone_url: string } };
    maintainer_can_modify: boolean;
  }>("pulls.get.same-repo.json");
  pull.head.sha = remote.head;
  if (fork) {
    pull.head.repo.full_name = "forker/Hello-World";
    pull.head.repo.clone_url = "https://github.com/forker/Hello-World.git";
    // GitHub serves a fork PR's head from the base repository as refs/pull/N/head.
    execFileSync("git", ["update-ref", "refs/pull/1/head", remote.head], { cwd: remote.bare });
  }
  pull.base.repo.clone_url = `file://${remote.bare}`;
  const config = Buffer.from(`commands:\n  test: ["${testCommand}"]\n`).toString("base64");
  const contents = { type: "file", encoding: "base64", content: config, path: ".github/xihe.yml" };

  const { created, updates, checkDone } = interceptFixRun({
    head: remote.head,
    pull,
    contents,
    log: ciLog ?? remote.log,
    fork,
    delivers: ciLog === undefined,
  });

  await h.send("issue_comment", commentPayload("/xihe fix"), "delivery-e2e");
  await h.worker.drain();
  return { h, model, remote, pull, contents, created, updates, checkDone };
}

describe("/xihe ask on a pull request", () => {
  it("answers from the PR head's code with linked path:line locations when no model is configured", async () => {
    const { remote, answer } = await askOnce({});
    expect(answer).toContain("No model is configured");
    expect(answer).toContain(
      `https://github.com/Codertocat/Hello-World/blob/${remote.head}/src/sum.js#L1-L3`,
    );
    expect(answer).toContain("export function sum(a, b)");
  });

  it("A14: a PR-local .github/xihe.yml that ignores every file does not hide the code from the answer", async () => {
    const { remote, answer } = await askOnce({ ".github/xihe.yml": 'understanding:\n  ignore: ["**"]\n' });
    expect(answer).toContain(
      `https://github.com/Codertocat/Hello-World/blob/${remote.head}/src/sum.js#L1-L3`,
    );
  });

  it("A14: an invalid PR-local .github/xihe.yml does not break the run; the default branch's config is used", async () => {
    const { answer, status } = await askOnce({ ".github/xihe.yml": "bogus_key: 1\n" });
    expect(status).toBe("succeeded");
    expect(answer).toContain("export function sum(a, b)");
  });
});

/** One `/xihe ask` through the app and the worker on a PR head with `extra` files; the final comment. */
async function askOnce(extra: Record<string, string>) {
  const remote = makeRemote(extra);
  h = await createHarness({
    executors: realExecutors(join(remote.root, "xihe-work")),
  });
  const pull = fixture<{ head: { sha: string }; base: { repo: { clone_url: string } } }>(
    "pulls.get.same-repo.json",
  );
  pull.head.sha = remote.head;
  pull.base.repo.clone_url = `file://${remote.bare}`;
  let answer = "";
  nock(api)
    .post("/app/installations/2311213/access_tokens", isInstallationTokenRequest)
    .reply(201, installationTokenReply)
    // Read by the webhook handler, and again by the run when it starts.
    .get(`${repoPath}/contents/.github%2Fxihe.yml`)
    .query({ ref: "master" })
    .times(2)
    .reply(404, { message: "Not Found" })
    .get(`${repoPath}/collaborators/Codertocat/permission`)
    .reply(200, fixture("collaborator-permission.write.json"))
    .get(`${repoPath}/pulls/1`)
    .reply(200, pull)
    .post(`${repoPath}/issues/comments/701/reactions`)
    .reply(201, { id: 4, content: "eyes" })
    .get(`${repoPath}/issues/1/comments`)
    .query({ per_page: "100" })
    .reply(200, [])
    .post(`${repoPath}/issues/1/comments`)
    .reply(201, { id: 559, html_url: "https://github.com/Codertocat/Hello-World/pull/1#issuecomment-559" })
    .post(`${repoPath}/check-runs`)
    .reply(201, { id: 1559 })
    .post("/app/installations/2311213/access_tokens")
    .reply(201, runTokenReply)
    .patch(`${repoPath}/issues/comments/559`, (b: { body: string }) => ((answer = b.body), true))
    .times(2)
    .reply(200, {})
    .patch(`${repoPath}/check-runs/1559`, (b: { conclusion: string }) => b.conclusion === "success")
    .reply(200, {});
  await h.send(
    "issue_comment",
    commentPayload("/xihe ask how does sum handle negative numbers?", { commentId: 701 }),
  );
  await h.worker.drain();
  const [run] = await h.store.listRuns({});
  return { remote, answer, status: run?.status };
}

describe("/xihe fix when the asker lost access", () => {
  it("A08: access is checked again when the run starts, and the run stops before any clone", async () => {
    const remote = makeRemote();
    h = await createHarness({
      executors: realExecutors(join(remote.root, "xihe-work")),
    });
    await h.store.createRun(
      {
        installationId: 2311213,
        repo: "Codertocat/Hello-World",
        pr: 1,
        headSha: remote.head,
        verb: "fix",
        args: "",
        trigger: "comment",
        requester: "Codertocat",
        budget: null,
        context: { defaultBranch: "master", cloneUrl: `file://${remote.bare}` },
      },
      { id: "lost1", now: new Date().toISOString() },
    );
    nock(api)
      .post("/app/installations/2311213/access_tokens")
      .reply(201, installationTokenReply)
      .get(`${repoPath}/issues/1/comments`)
      .query({ per_page: "100" })
      .reply(200, [])
      .post(`${repoPath}/issues/1/comments`)
      .reply(201, { id: 560, html_url: "https://github.com/Codertocat/Hello-World/pull/1#issuecomment-560" })
      .post(`${repoPath}/check-runs`)
      .reply(201, { id: 1560 })
      .get(`${repoPath}/contents/.github%2Fxihe.yml`)
      .query({ ref: "master" })
      .reply(404, { message: "Not Found" })
      .get(`${repoPath}/collaborators/Codertocat/permission`)
      .reply(200, fixture("collaborator-permission.read.json"))
      .patch(`${repoPath}/issues/comments/560`, (b: { body: string }) =>
        b.body.includes("no longer has write access"),
      )
      .reply(200, {})
      .patch(`${repoPath}/check-runs/1560`, (b: { conclusion: string }) => b.conclusion === "failure")
      .reply(200, {});
    await h.worker.drain();
    expect(await h.store.getRun("lost1")).toMatchObject({ status: "failed" });
    // Nothing was fetched: the mirror cache is as empty as it was created.
    expect(readdirSync(join(remote.root, "xihe-work", "mirrors"))).toEqual([]);
  });
});

describe("on_failure: diagnose", () => {
  it("a failed check run gets a diagnosis reproduced in the sandbox, annotations, and the code is left alone", async () => {
    const remote = makeRemote();
    const { comment, annotations, title } = await diagnoseOnce(remote, remote.log);
    expect(await h!.store.listRuns({})).toMatchObject([
      { verb: "diagnose", trigger: "check_run", status: "succeeded" },
    ]);
    expect(title).toBe("2 failure(s), code; sandbox: reproduced");
    expect(comment).toContain("2 failure(s)");
    expect(comment).toContain("adds two numbers");
    // The head was checked out, its (empty) dependencies looked at, and CI's failing command re-run.
    expect(comment).toContain("#### Dependencies");
    expect(comment).toContain("#### Reproduction\n\n✅ reproduced: the sandbox shows CI's failure");
    expect(comment.indexOf("#### Dependencies")).toBeLessThan(comment.indexOf("#### Reproduction"));
    expect(comment).toContain("Comment `/xihe fix`");
    expect(annotations.map((a) => [a.path, a.start_line])).toEqual([
      ["test/sum.test.js", 6],
      ["test/sum.test.js", 10],
    ]);
    expect(git(remote.bare, "branch", "--list", "xihe/*")).toBe("");
    expect(git(remote.bare, "rev-parse", "changes")).toBe(remote.head);
  }, 300_000);

  it("a failure the sandbox does not show is diagnosed as not reproduced, with both evidences and no fix advice", async () => {
    // CI's log is a real run of the broken sum(); the PR head already has sum() fixed.
    const broken = makeRemote();
    const remote = makeRemote({ "src/sum.js": "export function sum(a, b) {\n  return a + b;\n}\n" });
    const { comment, title } = await diagnoseOnce(remote, broken.log);
    expect(await h!.store.listRuns({})).toMatchObject([{ verb: "diagnose", status: "succeeded" }]);
    expect(title).toBe("2 failure(s), code; sandbox: not reproduced");
    expect(comment).toContain("not reproduced: the sandbox does not show CI's failure");
    expect(comment).toMatch(/the sandbox run of \\`node --test\\` exited 0/);
    expect(comment).toContain("re-run CI before changing code");
    expect(comment).not.toContain("Comment `/xihe fix`");
    expect(git(remote.bare, "branch", "--list", "xihe/*")).toBe("");
  }, 300_000);
});

/** One `on_failure: diagnose` run from a failed check run whose job log is `log`; the final comment. */
async function diagnoseOnce(remote: ReturnType<typeof makeRemote>, log: string) {
  h = await createHarness({
    executors: realExecutors(join(remote.root, "xihe-work")),
  });
  const pull = fixture<{ head: { sha: string }; base: { repo: { clone_url: string } } }>(
    "pulls.get.same-repo.json",
  );
  pull.head.sha = remote.head;
  pull.base.repo.clone_url = `file://${remote.bare}`;
  const config = Buffer.from(`on_failure: diagnose\ncommands:\n  test: ["${testCommand}"]\n`).toString(
    "base64",
  );
  let comment = "";
  let annotations: { path: string; start_line: number }[] = [];
  let title = "";
  nock(api)
    .post("/app/installations/2311213/access_tokens", isInstallationTokenRequest)
    .reply(201, installationTokenReply)
    // Read by the webhook handler, and again by the run when it starts.
    .get(`${repoPath}/contents/.github%2Fxihe.yml`)
    .query({ ref: "master" })
    .times(2)
    .reply(200, { type: "file", encoding: "base64", content: config, path: ".github/xihe.yml" })
    .get(`${repoPath}/pulls/1`)
    .reply(200, pull)
    .get(`${repoPath}/issues/1/comments`)
    .query({ per_page: "100" })
    .reply(200, [])
    .post(`${repoPath}/issues/1/comments`)
    .reply(201, { id: 561, html_url: "https://github.com/Codertocat/Hello-World/pull/1#issuecomment-561" })
    .post(`${repoPath}/check-runs`)
    .reply(201, { id: 1561 })
    .get(`${repoPath}/git/trees/${remote.head}`)
    .query({ recursive: "true" })
    .reply(200, {
      sha: remote.head,
      truncated: false,
      tree: Object.keys(sumRepo).map((path) => ({ path, type: "blob", mode: "100644" })),
    })
    .get(`${repoPath}/commits/${remote.head}/check-runs`)
    .query({ filter: "latest", per_page: 100, page: 1 })
    .reply(200, {
      total_count: 1,
      check_runs: [
        {
          id: 4343,
          name: "test",
          head_sha: remote.head,
          status: "completed",
          conclusion: "failure",
          details_url: null,
          app: { id: 15368, slug: "github-actions", name: "GitHub Actions" },
          output: { title: null, summary: null, text: null, annotations_count: 0 },
        },
      ],
    })
    .get(`${repoPath}/commits/${remote.head}/status`)
    .query({ per_page: 100 })
    .reply(200, { state: "failure", statuses: [] })
    .get(`${repoPath}/actions/jobs/4343/logs`)
    .reply(302, "", { Location: `${blobHost}/logs/4343?sig=d` })
    // The run token the reproduction clones with (this repository only).
    .post("/app/installations/2311213/access_tokens", (b: unknown) =>
      JSON.stringify(b).includes('"repositories":["Hello-World"]'),
    )
    .reply(201, runTokenReply)
    .patch(`${repoPath}/issues/comments/561`, (b: { body: string }) => ((comment = b.body), true))
    .times(2)
    .reply(200, {})
    .patch(
      `${repoPath}/check-runs/1561`,
      (b: { output: { title: string; annotations: typeof annotations } }) => {
        ({ title, annotations } = b.output);
        return true;
      },
    )
    .reply(200, {});
  nock(blobHost).get("/logs/4343").query({ sig: "d" }).reply(200, log);
  await h.send("check_run", {
    action: "completed",
    check_run: {
      id: 4343,
      name: "test",
      head_sha: remote.head,
      conclusion: "failure",
      app: { id: 15368, slug: "github-actions" },
      pull_requests: [{ number: 1, head: { sha: remote.head, ref: "changes" } }],
    },
    repository: commentPayload("").repository,
    sender: { login: "github-actions[bot]", type: "Bot" },
    installation: { id: 2311213 },
  });
  await h.worker.drain();
  return { comment, annotations, title };
}
