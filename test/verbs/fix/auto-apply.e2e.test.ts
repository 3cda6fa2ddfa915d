// `fix.auto_apply_low_risk` end to end: a signed `/xihe fix` webhook through the real Probot app, a
// real bare repository as the PR's repository, the real worker, bubblewrap sandbox, fix loop (the
// model scripted over HTTP) and delivery. GitHub's REST API is nock; every interceptor must be used,
// so a fix PR that is opened (or not) is part of what each test asserts.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
import { realExecutors, runTokenReply } from "../../github/run-fixtures.ts";
import { api, interceptFixRun, repoPath } from "./fix-run-api.ts";
import { scriptedModelAppEnv } from "./send-fix-comment.ts";
import { scratchDir } from "../../support/scratch-dir.ts";

const autoConfig = `fix:\n  auto_apply_low_risk: true\ncommands:\n  test: ["${testCommand}"]\n`;

type Turn = { body: unknown };
const sumFixTurns = JSON.parse(
  readFileSync(new URL("../../fixtures/github/model-turns.sum-fix.json", import.meta.url), "utf8"),
) as Turn[];

/** The recorded sum fix plus a new `.prettierrc`: still verified green, but a config change is medium risk. */
function withConfigChange(turns: Turn[]): Turn[] {
  const copy = JSON.parse(JSON.stringify(turns)) as {
    body: { choices: { message: { tool_calls: { id: string; type: string; function: object }[] } }[] };
  }[];
  copy[0]!.body.choices[0]!.message.tool_calls.splice(1, 0, {
    id: "call_ws_cfg",
    type: "function",
    function: { name: "write_file", arguments: JSON.stringify({ path: ".prettierrc", content: "{}\n" }) },
  });
  return copy;
}

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", ["-c", "user.name=dev", "-c", "user.email=dev@example.invalid", ...args], {
    cwd,
    encoding: "utf8",
  }).trim();
}

const scratch: string[] = [];
let h: Harness | undefined;
let model: ScriptedModelServer | undefined;
afterEach(async () => {
  await h?.close();
  await model?.close();
  h = model = undefined;
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A bare repository whose `changes` branch (the PR head) fails `node --test`, and its CI log. */
function makeRemote() {
  const root = scratchDir("xihe-auto-apply-");
  scratch.push(root);
  const work = join(root, "work");
  for (const [path, text] of Object.entries(sumRepo)) {
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

/** One `/xihe fix` run with `fix.auto_apply_low_risk: true`; `fixPr`: whether a fix PR is expected. */
async function runFix(o: { fork: boolean; turns: Turn[]; fixPr: boolean }) {
  const remote = makeRemote();
  model = await startScriptedModelServer(o.turns);
  h = await createHarness({
    executors: realExecutors(join(remote.root, "xihe-work"), {
      env: scriptedModelAppEnv(model.baseURL),
    }),
  });
  const pull = fixture<{
    head: { sha: string; repo: { full_name: string; clone_url: string } };
    base: { repo: { clone_url: string } };
  }>("pulls.get.same-repo.json");
  pull.head.sha = remote.head;
  if (o.fork) {
    pull.head.repo.full_name = "forker/Hello-World";
    pull.head.repo.clone_url = "https://github.com/forker/Hello-World.git";
    execFileSync("git", ["update-ref", "refs/pull/1/head", remote.head], { cwd: remote.bare });
  }
  pull.base.repo.clone_url = `file://${remote.bare}`;
  const contents = {
    type: "file",
    encoding: "base64",
    content: Buffer.from(autoConfig).toString("base64"),
    path: ".github/xihe.yml",
  };
  // The same REST calls as any fix run; a fork or an auto-applied fix opens no fix PR.
  const { updates } = interceptFixRun({
    head: remote.head,
    pull,
    contents,
    log: remote.log,
    fork: o.fork,
    delivers: o.fixPr,
  });
  await h.send("issue_comment", commentPayload("/xihe fix"), "delivery-auto");
  await h.worker.drain();
  const [run] = await h.store.listRuns({});
  const sideBranch = git(remote.bare, "branch", "--list", "xihe/fix/*").replace(/^[*\s]+/gm, "");
  return { remote, pull, contents, run: run!, final: updates.at(-1) ?? "", sideBranch };
}

/** `/xihe undo` through the app and the worker. */
async function undo(harness: Harness, o: { contents: object; pull: object }) {
  nock(api)
    .get(`${repoPath}/contents/.github%2Fxihe.yml`)
    .query({ ref: "master" })
    .reply(200, o.contents)
    .get(`${repoPath}/pulls/1`)
    .reply(200, o.pull)
    .post(`${repoPath}/issues/comments/602/reactions`)
    .reply(201, { id: 2, content: "eyes" })
    .get(`${repoPath}/issues/1/comments`)
    .query({ per_page: "100" })
    .reply(200, [])
    .post(`${repoPath}/issues/1/comments`)
    .reply(201, { id: 557, html_url: "https://github.com/Codertocat/Hello-World/pull/1#issuecomment-557" })
    .post(`${repoPath}/check-runs`)
    .reply(201, { id: 1557 })
    .get(`${repoPath}/collaborators/Codertocat/permission`)
    .reply(200, fixture("collaborator-permission.write.json"))
    .post("/app/installations/2311213/access_tokens")
    .reply(201, runTokenReply)
    .patch(`${repoPath}/issues/comments/557`, (b: { body: string }) => b.body.includes("✅ done"))
    .reply(200, {})
    .patch(`${repoPath}/check-runs/1557`, (b: { conclusion: string }) => b.conclusion === "success")
    .reply(200, {});
  await harness.send("issue_comment", commentPayload("/xihe undo", { commentId: 602 }));
  await harness.worker.drain();
}

describe("fix.auto_apply_low_risk", () => {
  it("pushes a low-risk verified fix to the PR branch, says so, never pushes twice on resume, and /xihe undo reverts it", async () => {
    const { remote, pull, contents, run, final, sideBranch } = await runFix({
      fork: false,
      turns: sumFixTurns,
      fixPr: false,
    });
    expect(run).toMatchObject({ status: "succeeded", reason: null });
    // The PR branch advanced by exactly Xihe's commit: the side branch tip, one commit on the old head.
    const sideSha = git(remote.bare, "rev-parse", sideBranch);
    expect(git(remote.bare, "rev-parse", "changes")).toBe(sideSha);
    expect(git(remote.bare, "rev-list", `${remote.head}..changes`).split("\n")).toEqual([sideSha]);
    expect(git(remote.bare, "rev-parse", "changes^")).toBe(remote.head);
    expect(git(remote.bare, "log", "-1", "--format=%B", "changes")).toContain(`Xihe-Run: ${run.id}`);
    expect(final).toContain(
      "Applied to the PR branch `changes` automatically because fix.auto\\_apply\\_low\\_risk is on, the change's risk is low",
    );
    expect(final).toContain("Comment `/xihe undo` to revert them");
    expect(final).not.toContain("Nothing has changed on this PR's branch yet");
    expect(await h!.store.listAudit({ runId: run.id })).toMatchObject([
      { action: "auto_apply", actor: "Codertocat" },
    ]);

    // A worker killed after the push and restarted: the auto-apply step is done, nothing is pushed again.
    await h!.store.updateRun(run.id, { status: "running", workerId: "dead-worker", endedAt: null });
    await h!.store.finishStep(run.id, "github:check-run:completed", {
      status: "failed",
      output: null,
      error: "killed",
      endedAt: new Date().toISOString(),
    });
    expect(
      await recoverInterruptedRuns({ store: h!.store, now: () => new Date(), workerId: "w2" }),
    ).toMatchObject({ resumed: [run.id] });
    nock(api)
      .get(`${repoPath}/contents/.github%2Fxihe.yml`)
      .query({ ref: "master" })
      .reply(200, contents)
      .get(`${repoPath}/collaborators/Codertocat/permission`)
      .reply(200, fixture("collaborator-permission.write.json"))
      .post("/app/installations/2311213/access_tokens")
      .reply(201, runTokenReply)
      .patch(`${repoPath}/check-runs/777`)
      .reply(200, { id: 777 });
    await h!.worker.drain();
    expect((await h!.store.getRun(run.id))?.status).toBe("succeeded");
    expect(git(remote.bare, "rev-parse", "changes")).toBe(sideSha);
    expect(git(remote.bare, "rev-list", "--count", "changes")).toBe("2");
    expect(await h!.store.listAudit({ runId: run.id })).toHaveLength(1);

    // `/xihe undo` finds the fix run as its own apply run and reverts exactly its commit.
    pull.head.sha = sideSha;
    await undo(h!, { contents, pull });
    const undone = git(remote.bare, "rev-parse", "changes");
    expect(git(remote.bare, "rev-parse", `${undone}^`)).toBe(sideSha);
    expect(git(remote.bare, "log", "-1", "--format=%B", undone)).toContain(`Xihe-Undo: ${run.id}`);
    expect(git(remote.bare, "show", `${undone}:src/sum.js`)).toContain("return a - b;");
    expect((await h!.store.listRuns({})).find((r) => r.verb === "undo")).toMatchObject({
      status: "succeeded",
    });
  }, 300_000);

  it("on a fork PR keeps the fix on the side branch and says why it was not applied", async () => {
    const { remote, run, final, sideBranch } = await runFix({ fork: true, turns: sumFixTurns, fixPr: false });
    expect(run).toMatchObject({ status: "succeeded", reason: null });
    expect(sideBranch).toMatch(/^xihe\/fix\/1-/);
    expect(git(remote.bare, "rev-parse", "changes")).toBe(remote.head);
    expect(final).toContain(
      "Not applied to the PR branch automatically: this pull request comes from a fork",
    );
    expect(final).toContain("compare");
    expect(await h!.store.listAudit({ runId: run.id })).toEqual([]);
  }, 300_000);

  it("a verified fix that is not low risk gets a fix PR, and the comment says why it was not applied", async () => {
    const { remote, run, final, sideBranch } = await runFix({
      fork: false,
      turns: withConfigChange(sumFixTurns),
      fixPr: true,
    });
    expect(run).toMatchObject({ status: "succeeded", reason: null });
    expect(git(remote.bare, "show", `${sideBranch}:.prettierrc`)).toBe("{}");
    expect(git(remote.bare, "rev-parse", "changes")).toBe(remote.head);
    expect(final).toContain(
      "Not applied to the PR branch automatically: the change's risk is medium (score 25: changes configuration .prettierrc), not low.",
    );
    expect(final).toContain("Fix PR [#2]");
    expect(final).toContain("Nothing has changed on this PR's branch yet");
  }, 300_000);
});
