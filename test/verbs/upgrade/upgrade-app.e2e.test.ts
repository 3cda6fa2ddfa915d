// `/xihe upgrade` and `/xihe ignore` on the App, end to end: signed comments in an issue go through
// the real Probot app and worker; the upgrade run clones the default branch from a real bare
// repository, asks a local npm registry on 127.0.0.1 (real protocol, tarballs by `npm pack`), updates
// the lockfile and runs the project's tests in the bubblewrap sandbox, migrates a breaking major
// with a scripted model, pushes `xihe/deps/<group>` and opens one PR per group. Then the lifecycle:
// a newer version updates the open PR (no second one), a person's push to the branch leaves it alone
// with a comment, and after `/xihe ignore` a closed PR's update is not proposed again.
// GitHub's REST API is nock.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import nock from "nock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startScriptedModelServer,
  type ScriptedModelServer,
} from "../../agent/support/scripted-model-server.ts";
import { commentPayload, createHarness, fixture, type Harness } from "../../github/app-harness.ts";
import { startFakeGitHubApi, type ApiCall, type FakeGitHubApi } from "./support/fake-github-api.ts";
import { installationTokenReply, realExecutors, runTokenReply } from "../../github/run-fixtures.ts";
import { makeScratchDir } from "../../support/scratch-dir.ts";
import {
  isolatedNpmEnv,
  packPackage,
  startFakeNpmRegistry,
  type FakeNpmRegistry,
  type PackedPackage,
} from "../../workspace/support/fake-npm-registry.ts";
import { scriptedModelAppEnv } from "../fix/send-fix-comment.ts";

const repoPath = "/repos/Codertocat/Hello-World";
const botEmail = "xihe[bot]@users.noreply.github.com";

let scratch: ReturnType<typeof makeScratchDir>;
let registry: FakeNpmRegistry;
let model: ScriptedModelServer;
let h: Harness;
let bare = "";
let api: FakeGitHubApi;
const served: PackedPackage[] = [];

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", ["-c", "user.name=dev", "-c", "user.email=dev@example.invalid", ...args], {
    cwd,
    encoding: "utf8",
  }).trim();
}

async function pack(name: string, version: string, main: string, files: Record<string, string> = {}) {
  const dir = join(scratch.dir, "src", `${name}-${version}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name, version, main: "index.js" }));
  writeFileSync(join(dir, "index.js"), main);
  for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, path), text);
  served.push(await packPackage(dir, join(scratch.dir, "packs")));
}

const npmEnv = () => isolatedNpmEnv(registry.url, scratch.dir);

/** The repository on GitHub: `master` with greet@1 and padder@1 locked, tests with node --test. */
async function makeRemote(): Promise<string> {
  const work = join(scratch.dir, "work");
  mkdirSync(join(work, "test"), { recursive: true });
  const manifest = {
    name: "app",
    version: "1.0.0",
    private: true,
    scripts: { test: "node --test" },
    dependencies: { greet: "^1.0.0", padder: "^1.0.0" },
  };
  writeFileSync(join(work, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(join(work, ".gitignore"), "node_modules\n");
  writeFileSync(
    join(work, "index.js"),
    'const greet = require("greet");\nconst pad = require("padder");\nexports.welcome = (n) => pad(greet.hello(n), 12);\n',
  );
  writeFileSync(
    join(work, "test", "welcome.test.js"),
    'const assert = require("node:assert/strict");\nconst { test } = require("node:test");\nconst { welcome } = require("../index.js");\ntest("welcomes", () => assert.equal(welcome("ann"), "   hello ann"));\n',
  );
  await execa("npm", ["install", "--package-lock-only", "--ignore-scripts", "--no-audit", "--no-fund"], {
    cwd: work,
    env: npmEnv(),
  });
  git(work, "init", "-q", "-b", "master");
  git(work, "add", "-A");
  git(work, "commit", "-qm", "app");
  const dir = join(scratch.dir, "Hello-World.git");
  execFileSync("git", ["clone", "-q", "--bare", work, dir]);
  return dir;
}

/** The model's turns: rename the call greet 2 renamed; later, ask instead of fixing broken greet 1.1.0. */
const modelTurns = () => [
  turn([
    ["edit_file", { path: "index.js", old: "greet.hello(n)", new: "greet.greet(n)" }],
    ["finish", { summary: "greet 2 renamed hello to greet; updated the call site", confidence: 0.9 }],
  ]),
  turn([["ask_user", { question: "greet 1.1.0 throws on every call; keep 1.0.0 until a fixed release?" }]]),
  turn([["ask_user", { question: "greet 1.1.0 throws on every call; keep 1.0.0 until a fixed release?" }]]),
];

/** A model turn of tool calls. */
function turn(calls: Array<[string, Record<string, unknown>]>) {
  return {
    body: {
      id: "c1",
      object: "chat.completion",
      created: 1764676801,
      model: "gpt-4.1",
      choices: [
        {
          index: 0,
          message: {
            role: "assistant",
            content: null,
            tool_calls: calls.map(([name, args], i) => ({
              id: `c1_${i}`,
              type: "function",
              function: { name, arguments: JSON.stringify(args) },
            })),
          },
          finish_reason: "tool_calls",
        },
      ],
      usage: { prompt_tokens: 900, completion_tokens: 60, total_tokens: 960 },
    },
  };
}

// npm's HTTP client (the registry look-ups run in-process) does not work through nock's patched
// http module, so GitHub is a local server here and nock steps aside for this file.
beforeAll(async () => {
  nock.restore();
  api = await startFakeGitHubApi();
  scratch = makeScratchDir("upgrade-app");
  mkdirSync(join(scratch.dir, "packs"));
  registry = await startFakeNpmRegistry(served);
  await pack("greet", "1.0.0", 'exports.hello = (n) => "hello " + n;\n');
  await pack("padder", "1.0.0", 'module.exports = (s, n) => String(s).padStart(n, " ");\n');
  bare = await makeRemote();
  await pack("padder", "1.1.0", 'module.exports = (s, n) => String(s).padStart(n, " ");\n');
  await pack("greet", "2.0.0", 'exports.greet = (n) => "hello " + n;\n', {
    "CHANGELOG.md": "# Changelog\n\n## 2.0.0\n\n- BREAKING: `hello` is renamed to `greet`.\n",
  });
  model = await startScriptedModelServer(modelTurns());
  h = await createHarness({
    baseUrl: api.url,
    executors: realExecutors(join(scratch.dir, "xihe-work"), {
      env: scriptedModelAppEnv(model.baseURL),
      hostEnv: { ...process.env, ...npmEnv() },
    }),
  });
}, 180_000);
afterAll(async () => {
  await h?.close();
  await model?.close();
  await registry?.close();
  scratch?.remove();
  await api?.close();
  nock.activate();
});

/** A `/xihe …` comment in pull request `number`. */
function pullComment(body: string, commentId: number, number: number) {
  const p = issueComment(body, commentId);
  p.issue.number = number;
  p.issue.pull_request = { url: `https://api.github.com${repoPath}/pulls/${number}` };
  return p;
}

/** A `/xihe …` comment in issue #1 (not a pull request). */
function issueComment(body: string, commentId: number) {
  const p = commentPayload(body, { commentId }) as ReturnType<typeof commentPayload> & {
    issue: Record<string, unknown>;
    repository: Record<string, unknown>;
  };
  delete p.issue.pull_request;
  // The repository on "GitHub" is the bare repository here.
  p.repository.clone_url = `file://${bare}`;
  return p;
}

interface PullCall {
  head: string;
  base?: string;
  title: string;
  body: string;
  draft?: boolean;
}

/** The comments on each upgrade PR so far (their conversations outlive one `answerComment`). */
const pullThreads = new Map<number, Array<{ body: string; user: { login: string; type: string } }>>();

/**
 * GitHub for one comment in issue #1 (or in PR `thread`): the triage's calls and, when a run follows,
 * the worker's reply, the run token and, per group branch, the open PR it has (`open`, opened by Xihe
 * with the title in `titles`); PRs created (numbered from `firstNumber`) or updated and comments on PRs
 * are recorded.
 */
function answerComment(
  o: {
    open?: Record<string, number>;
    titles?: Record<string, string>;
    deps?: string;
    thread?: number;
    firstNumber?: number;
  } = {},
) {
  const thread = o.thread ?? 1;
  api.reset();
  const yaml = `commands:\n  test: ["node --test"]\n${o.deps === undefined ? "" : `deps:\n${o.deps}`}`;
  const config = Buffer.from(yaml).toString("base64");
  const replies: string[] = [];
  const created: PullCall[] = [];
  const updated: Array<PullCall & { number: number }> = [];
  const prComments: string[] = [];
  const body = (c: ApiCall) => c.body as Record<string, unknown>;
  api.on("POST", "/app/installations/2311213/access_tokens", (c) => ({
    status: 201,
    body:
      c.body !== null && JSON.stringify(c.body).includes("repositories")
        ? runTokenReply
        : installationTokenReply,
  }));
  api.on("GET", `${repoPath}/collaborators/Codertocat/permission`, () => ({
    status: 200,
    body: fixture("collaborator-permission.write.json"),
  }));
  api.on("GET", `${repoPath}/contents/.github/xihe.yml`, () => ({
    status: 200,
    body: { type: "file", encoding: "base64", content: config, path: ".github/xihe.yml" },
  }));
  api.on("GET", `${repoPath}/branches/master`, () => ({
    status: 200,
    body: { name: "master", commit: { sha: git(bare, "rev-parse", "master") } },
  }));
  api.on("POST", /\/issues\/comments\/\d+\/reactions$/, () => ({
    status: 201,
    body: { id: 1, content: "eyes" },
  }));
  api.on("GET", `${repoPath}/issues/${thread}/comments`, () => ({ status: 200, body: [] }));
  api.on("POST", `${repoPath}/issues/${thread}/comments`, (c) => {
    replies.push(String(body(c).body));
    return {
      status: 201,
      body: { id: 555, html_url: "https://github.com/Codertocat/Hello-World/issues/1#issuecomment-555" },
    };
  });
  api.on("PATCH", `${repoPath}/issues/comments/555`, (c) => {
    replies.push(String(body(c).body));
    return { status: 200, body: { id: 555 } };
  });
  const pull = (branch: string, number: number) => ({
    number,
    html_url: `https://github.com/Codertocat/Hello-World/pull/${number}`,
    state: "open",
    draft: false,
    title: o.titles?.[branch] ?? "Bump something",
    body: `…\n<!-- xihe-upgrade group=${branch.slice("xihe/deps/".length)} run=r1 -->`,
    head: { ref: branch, repo: { full_name: "Codertocat/Hello-World" } },
  });
  api.on("GET", `${repoPath}/pulls`, (c) => {
    const open = c.query.get("state") === "open" ? Object.entries(o.open ?? {}) : [];
    const head = c.query.get("head")?.replace(/^Codertocat:/, "");
    return {
      status: 200,
      body: open.filter(([branch]) => head === undefined || branch === head).map(([b, n]) => pull(b, n)),
    };
  });
  api.on("GET", /\/pulls\/\d+$/, (c) => {
    const number = Number(c.path.split("/").at(-1));
    const open = Object.entries(o.open ?? {}).find(([, n]) => n === number);
    return open ? { status: 200, body: pull(...open) } : { status: 404, body: { message: "Not Found" } };
  });
  api.on("GET", /\/issues\/\d+\/comments$/, (c) => ({
    status: 200,
    body: pullThreads.get(Number(c.path.split("/").at(-2))) ?? [],
  }));
  let next = o.firstNumber ?? 2;
  api.on("POST", `${repoPath}/pulls`, (c) => {
    created.push(c.body as PullCall);
    const number = next++;
    return {
      status: 201,
      body: { number, html_url: `https://github.com/Codertocat/Hello-World/pull/${number}`, state: "open" },
    };
  });
  api.on("PATCH", /\/pulls\/\d+$/, (c) => {
    updated.push({ ...(c.body as PullCall), number: Number(c.path.split("/").at(-1)) });
    return { status: 200, body: {} };
  });
  api.on("POST", /\/issues\/\d+\/comments$/, (c) => {
    const number = Number(c.path.split("/").at(-2));
    const said = { body: String(body(c).body), user: { login: "xihe[bot]", type: "Bot" } };
    pullThreads.set(number, [...(pullThreads.get(number) ?? []), said]);
    prComments.push(`#${number} ${said.body}`);
    return { status: 201, body: { id: 900 } };
  });
  return { replies, created, updated, prComments };
}

async function comment(body: string, commentId: number, id: string, pull?: number) {
  const payload = pull === undefined ? issueComment(body, commentId) : pullComment(body, commentId, pull);
  await h.send("issue_comment", payload, id);
  await h.settle();
  await h.worker.drain();
  expect(api.unexpected).toEqual([]);
}

const branchLog = (branch: string) => git(bare, "log", "--format=%s|%ce", `master..${branch}`).split("\n");

describe("/xihe upgrade and /xihe ignore on the App", () => {
  it("in an issue: one PR per group, the major migrated in a commit after the bump, green in a clean clone", async () => {
    const gh = answerComment();
    await comment("/xihe upgrade", 101, "delivery-upgrade-1");
    const [run] = await h.store.listRuns({ repo: "Codertocat/Hello-World", pr: 1 });
    const final = gh.replies.at(-1) ?? "";
    expect(run, final).toMatchObject({ verb: "upgrade", status: "succeeded", trigger: "comment" });
    expect(model.remaining()).toBe(2);

    const byHead = Object.fromEntries(gh.created.map((p) => [p.head, p]));
    expect(Object.keys(byHead).sort()).toEqual(["xihe/deps/greet-2", "xihe/deps/minor-patch"]);
    const major = byHead["xihe/deps/greet-2"]!;
    expect(major).toMatchObject({ base: "master", title: "Bump greet from 1.0.0 to 2.0.0", draft: false });
    // The PR body: the changelog's breaking line and the call site of the renamed function.
    expect(major.body).toContain("BREAKING: `hello` is renamed to `greet`.");
    expect(major.body).toContain("! hello (named in the changelog): index.js:3");
    expect(major.body).toContain("MIGRATED");
    expect(byHead["xihe/deps/minor-patch"]!.body).toContain("padder 1.0.0 -> 1.1.0");
    // One reply on the thread, linking both PRs.
    expect(final).toMatch(/xihe\/deps\/minor-patch`: verified; opened \[#\d\]/);
    expect(final).toMatch(/xihe\/deps\/greet-2`: migrated; opened \[#\d\]/);

    // Bump and migration are separate commits by the App; the bump touches manifest and lockfile only.
    expect(branchLog("xihe/deps/greet-2")).toEqual([
      expect.stringMatching(new RegExp(`\\|${botEmail.replace(/[[\]]/g, "\\$&")}$`)),
      `Bump greet from 1.0.0 to 2.0.0|${botEmail}`,
    ]);
    expect(git(bare, "show", "--name-only", "--format=", "xihe/deps/greet-2~1").split("\n").sort()).toEqual([
      "package-lock.json",
      "package.json",
    ]);
    expect(git(bare, "log", "-1", "--format=%B", "xihe/deps/greet-2")).toContain(`Xihe-Run: ${run!.id}`);

    const clean = join(scratch.dir, "clean");
    execFileSync("git", ["clone", "-q", "-b", "xihe/deps/greet-2", bare, clean]);
    await execa("npm", ["ci", "--ignore-scripts", "--no-audit", "--no-fund"], { cwd: clean, env: npmEnv() });
    const tests = await execa("npm", ["test"], { cwd: clean, reject: false });
    expect(tests.exitCode, tests.stdout).toBe(0);
  }, 900_000);

  it("a newer version updates the open PR of the group instead of opening another", async () => {
    await pack("padder", "1.1.1", 'module.exports = (s, n) => String(s).padStart(n, " ");\n');
    const before = git(bare, "rev-parse", "xihe/deps/minor-patch");
    const gh = answerComment({ open: { "xihe/deps/minor-patch": 2 } });
    await comment("/xihe upgrade padder", 102, "delivery-upgrade-2");
    expect(gh.replies.at(-1)).toMatch(/xihe\/deps\/minor-patch`: verified; updated \[#2\]/);
    expect(gh.created).toEqual([]);
    expect(gh.updated).toHaveLength(1);
    expect(gh.updated[0]).toMatchObject({ number: 2, title: "Bump padder from 1.0.0 to 1.1.1" });
    expect(git(bare, "rev-parse", "xihe/deps/minor-patch")).not.toBe(before);
    expect(git(bare, "show", "xihe/deps/minor-patch:package-lock.json")).toContain("padder-1.1.1.tgz");
  }, 600_000);

  it("a person's push to the group's branch: the branch is not force-pushed and the PR gets a comment", async () => {
    const mine = join(scratch.dir, "mine");
    execFileSync("git", ["clone", "-q", "-b", "xihe/deps/minor-patch", bare, mine]);
    writeFileSync(join(mine, "NOTE.md"), "keeping 1.1.1 for now\n");
    git(mine, "add", "-A");
    git(mine, "commit", "-qm", "a person's change");
    git(mine, "push", "-q", "origin", "xihe/deps/minor-patch");
    const theirs = git(bare, "rev-parse", "xihe/deps/minor-patch");
    await pack("padder", "1.1.2", 'module.exports = (s, n) => String(s).padStart(n, " ");\n');
    const gh = answerComment({ open: { "xihe/deps/minor-patch": 2 } });
    await comment("/xihe upgrade padder", 103, "delivery-upgrade-3");
    expect(git(bare, "rev-parse", "xihe/deps/minor-patch")).toBe(theirs);
    expect(gh.prComments).toHaveLength(1);
    expect(gh.prComments[0]).toContain(
      `Someone other than Xihe pushed to \`xihe/deps/minor-patch\` (\`${theirs.slice(0, 12)}\`)`,
    );
    expect(gh.replies.at(-1)).toContain("someone else pushed to it");
    expect(gh.updated).toEqual([]);

    // The next run finds the branch still taken over and says nothing more on the PR.
    const again = answerComment({ open: { "xihe/deps/minor-patch": 2 } });
    await comment("/xihe upgrade padder", 109, "delivery-upgrade-3b");
    expect(git(bare, "rev-parse", "xihe/deps/minor-patch")).toBe(theirs);
    expect(again.replies.at(-1)).toContain("someone else pushed to it");
    expect(again.prComments).toEqual([]);
  }, 900_000);

  it("a newer major opens its own PR and closes the older major's PR with a comment linking it", async () => {
    await pack("greet", "3.0.0", 'exports.hello = exports.greet = (n) => "hello " + n;\n');
    const gh = answerComment({
      open: { "xihe/deps/greet-2": 3, "xihe/deps/minor-patch": 2 },
      titles: { "xihe/deps/greet-2": "Bump greet from 1.0.0 to 2.0.0" },
      firstNumber: 10,
    });
    await comment("/xihe upgrade greet", 110, "delivery-upgrade-7");
    expect(gh.created).toEqual([expect.objectContaining({ head: "xihe/deps/greet-3", draft: false })]);
    expect(gh.prComments).toEqual([expect.stringMatching(/^#3 Superseded by #10 \(`greet` 3\.0\.0\)/)]);
    expect(gh.updated).toEqual([{ number: 3, state: "closed" }]);
    expect(gh.replies.at(-1)).toMatch(
      /xihe\/deps\/greet-3`: verified; opened \[#10\]\([^)]*\); closed #3 \(superseded\)/,
    );
  }, 600_000);

  it("/xihe rebase in an upgrade PR rebuilds its branch on the default branch as it is now", async () => {
    const moved = join(scratch.dir, "moved");
    execFileSync("git", ["clone", "-q", bare, moved]);
    writeFileSync(join(moved, "README.md"), "# app\n");
    git(moved, "add", "-A");
    git(moved, "commit", "-qm", "readme");
    git(moved, "push", "-q", "origin", "master");
    const before = git(bare, "rev-parse", "xihe/deps/greet-3");
    const gh = answerComment({
      thread: 10,
      open: { "xihe/deps/greet-3": 10 },
      titles: { "xihe/deps/greet-3": "Bump greet from 1.0.0 to 3.0.0" },
    });
    await comment("/xihe rebase", 111, "delivery-rebase-1", 10);
    const [run] = await h.store.listRuns({ repo: "Codertocat/Hello-World", pr: 10 });
    expect(run).toMatchObject({ verb: "upgrade", args: "--group greet-3", status: "succeeded" });
    expect(git(bare, "rev-parse", "xihe/deps/greet-3")).not.toBe(before);
    expect(git(bare, "rev-parse", "xihe/deps/greet-3~1")).toBe(git(bare, "rev-parse", "master"));
    expect(branchLog("xihe/deps/greet-3")).toEqual([`Bump greet from 1.0.0 to 3.0.0|${botEmail}`]);
    expect(gh.created).toEqual([]);
    expect(gh.updated).toEqual([
      expect.objectContaining({ number: 10, title: "Bump greet from 1.0.0 to 3.0.0" }),
    ]);
    expect(gh.replies.at(-1)).toMatch(/xihe\/deps\/greet-3`: verified; updated \[#10\]/);
  }, 600_000);

  it("/xihe ignore is stored for the repository; the closed major's PR is not proposed again", async () => {
    const ignore = answerComment();
    await comment("/xihe ignore greet major", 104, "delivery-ignore-1");
    expect(ignore.replies).toEqual([
      expect.stringContaining("Xihe will propose no new major versions of `greet`"),
    ]);
    expect(await h.store.listUpgradeIgnores("Codertocat/Hello-World")).toMatchObject([
      { name: "greet", scope: "major", version: null, createdBy: "Codertocat" },
    ]);
    const bad = answerComment();
    await comment("/xihe ignore greet sideways", 105, "delivery-ignore-2");
    expect(bad.replies).toEqual([
      expect.stringContaining('"sideways" is neither major, minor nor a version'),
    ]);

    // The greet-2 PR was closed (no open PR for the branch); no PR is looked up or opened for it.
    const greetTip = git(bare, "rev-parse", "xihe/deps/greet-2");
    const gh = answerComment();
    await comment("/xihe upgrade greet", 106, "delivery-upgrade-4");
    expect(gh.replies.at(-1)).toMatch(
      /skipped `greet`: 2\\?\.0\\?\.0, 3\\?\.0\\?\.0 ignored by \/xihe ignore greet major/,
    );
    expect(gh.created).toEqual([]);
    expect(api.calls.filter((c) => c.path.includes("/pulls"))).toEqual([]);
    expect(git(bare, "rev-parse", "xihe/deps/greet-2")).toBe(greetTip);
  }, 600_000);

  it("deps.open_failing: a group whose tests fail and are not migrated opens as a draft, or not at all with skip", async () => {
    // greet 1.1.0 is in range and breaks the tests; the scripted model has no turns left, so nothing migrates.
    await pack("greet", "1.1.0", "exports.hello = () => { throw new Error('1.1.0 is broken'); };\n");
    const groups = "  groups:\n    greet: [greet]\n";
    const draft = answerComment({ deps: groups });
    await comment("/xihe upgrade greet", 107, "delivery-upgrade-5");
    expect(draft.created, draft.replies.at(-1)).toEqual([
      expect.objectContaining({ head: "xihe/deps/greet", draft: true }),
    ]);
    expect(draft.created[0]!.body).toContain("❌ The update breaks the project's tests");
    expect(draft.replies.at(-1)).toMatch(/xihe\/deps\/greet`: failing; opened \[#\d+\]\([^)]*\) as a draft/);
    const pushed = git(bare, "rev-parse", "xihe/deps/greet");

    const skip = answerComment({ deps: `${groups}  open_failing: skip\n` });
    await comment("/xihe upgrade greet", 108, "delivery-upgrade-6");
    expect(skip.replies.at(-1)).toMatch(
      /no pull request \(its tests fail and deps\.open\\?_failing is skip\)/,
    );
    expect(api.calls.filter((c) => c.path.includes("/pulls"))).toEqual([]);
    expect(git(bare, "rev-parse", "xihe/deps/greet")).toBe(pushed);
    expect(model.remaining()).toBe(0);
  }, 600_000);
});
