// `/xihe upgrade` on the App for a Python project: a signed comment in an issue goes through the real
// Probot app and worker; the run clones the default branch from a real bare repository, asks a local
// package index on 127.0.0.1 (PEP 691 JSON / PEP 503, wheels built here, pytest repacked from the
// host), pins in requirements.txt, installs with real pip and runs pytest in the bubblewrap sandbox,
// migrates the renaming major with a scripted model, pushes `xihe/deps/<group>` and opens one PR per
// group. GitHub's REST API is a local server (see upgrade-app.e2e.test.ts for why not nock).
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import nock from "nock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startScriptedModelServer,
  type ScriptedModelServer,
} from "../../agent/support/scripted-model-server.ts";
import { commentPayload, createHarness, fixture, type Harness } from "../../github/app-harness.ts";
import { installationTokenReply, realExecutors, runTokenReply } from "../../github/run-fixtures.ts";
import { makeScratchDir } from "../../support/scratch-dir.ts";
import {
  buildWheel,
  pytestDists,
  startPytestProjectIndex,
  type FakePythonIndex,
} from "../../workspace/support/fake-python-index.ts";
import { scriptedModelAppEnv } from "../fix/send-fix-comment.ts";
import { startFakeGitHubApi, type ApiCall, type FakeGitHubApi } from "./support/fake-github-api.ts";
import { hostPythonImports } from "../../support/host-python.ts";

const repoPath = "/repos/Codertocat/Hello-World";
const botEmail = "xihe[bot]@users.noreply.github.com";

// nothing to serve pytest from on this machine without them
const hostHasPytest = () => hostPythonImports(...pytestDists);

let scratch: ReturnType<typeof makeScratchDir>;
let index: FakePythonIndex;
let model: ScriptedModelServer;
let h: Harness;
let api: FakeGitHubApi;
let bare = "";

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", ["-c", "user.name=dev", "-c", "user.email=dev@example.invalid", ...args], {
    cwd,
    encoding: "utf8",
  }).trim();
}

/** The repository on GitHub: `master` with tinydep==1.0.0 pinned, tests with pytest. */
function makeRemote(): string {
  const work = join(scratch.dir, "work");
  mkdirSync(join(work, "tests"), { recursive: true });
  writeFileSync(join(work, "requirements.txt"), "pytest\ntinydep==1.0.0\n");
  writeFileSync(
    join(work, "pyproject.toml"),
    '[tool.pytest.ini_options]\ntestpaths = ["tests"]\npythonpath = ["."]\n',
  );
  writeFileSync(
    join(work, "calc.py"),
    "from tinydep import double\n\n\ndef quadruple(x):\n    return 2 * double(x)\n",
  );
  writeFileSync(
    join(work, "tests", "test_calc.py"),
    "from calc import quadruple\n\n\ndef test_quadruple():\n    assert quadruple(3) == 12\n",
  );
  writeFileSync(join(work, ".gitignore"), ".venv\n__pycache__\n.pytest_cache\n");
  git(work, "init", "-q", "-b", "master");
  git(work, "add", "-A");
  git(work, "commit", "-qm", "calc");
  const dir = join(scratch.dir, "Hello-World.git");
  execFileSync("git", ["clone", "-q", "--bare", work, dir]);
  return dir;
}

/** The model's turn: rename the import and the call tinydep 2 renamed. */
function migrationTurn() {
  const call = (name: string, args: Record<string, unknown>, i: number) => ({
    id: `c1_${i}`,
    type: "function",
    function: { name, arguments: JSON.stringify(args) },
  });
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
            tool_calls: [
              call(
                "edit_file",
                {
                  path: "calc.py",
                  old: "from tinydep import double\n\n\ndef quadruple(x):\n    return 2 * double(x)",
                  new: "from tinydep import twice\n\n\ndef quadruple(x):\n    return 2 * twice(x)",
                },
                0,
              ),
              call("finish", { summary: "tinydep 2 renamed double to twice", confidence: 0.9 }, 1),
            ],
          },
          finish_reason: "tool_calls",
        },
      ],
      usage: { prompt_tokens: 900, completion_tokens: 60, total_tokens: 960 },
    },
  };
}

beforeAll(async () => {
  if (!hostHasPytest()) return;
  nock.restore();
  api = await startFakeGitHubApi();
  scratch = makeScratchDir("upgrade-app-python");
  const wheels = join(scratch.dir, "wheels");
  mkdirSync(wheels);
  const tinydep = (version: string, source: string) =>
    buildWheel(wheels, "tinydep", version, { "tinydep/__init__.py": source });
  index = await startPytestProjectIndex(wheels, {
    wheels: [
      await tinydep("1.1.0", "def double(x):\n    return x + x\n"),
      await tinydep("2.0.0", "def twice(x):\n    return 2 * x\n"),
    ],
  });
  bare = makeRemote();
  model = await startScriptedModelServer([migrationTurn()]);
  h = await createHarness({
    baseUrl: api.url,
    executors: realExecutors(join(scratch.dir, "xihe-work"), {
      env: scriptedModelAppEnv(model.baseURL),
      // The App's own pip configuration: the only place the index comes from.
      hostEnv: { ...process.env, PIP_INDEX_URL: index.url, PIP_CONFIG_FILE: "/dev/null" },
    }),
  });
}, 180_000);
afterAll(async () => {
  await h?.close();
  await model?.close();
  await index?.close();
  scratch?.remove();
  await api?.close();
  nock.activate();
});

/** GitHub for `/xihe upgrade` in issue #1: no open PRs; replies and created PRs recorded. */
function answerUpgrade() {
  const yaml = 'commands:\n  test: [".venv/bin/python -m pytest"]\n';
  const replies: string[] = [];
  const created: Array<{ head: string; base: string; title: string; body: string; draft: boolean }> = [];
  const body = (c: ApiCall) => c.body as Record<string, unknown>;
  api.on("POST", "/app/installations/2311213/access_tokens", (c) => ({
    status: 201,
    body: JSON.stringify(c.body ?? {}).includes("repositories") ? runTokenReply : installationTokenReply,
  }));
  api.on("GET", `${repoPath}/collaborators/Codertocat/permission`, () => ({
    status: 200,
    body: fixture("collaborator-permission.write.json"),
  }));
  api.on("GET", `${repoPath}/contents/.github/xihe.yml`, () => ({
    status: 200,
    body: { type: "file", encoding: "base64", content: Buffer.from(yaml).toString("base64") },
  }));
  api.on("GET", `${repoPath}/branches/master`, () => ({
    status: 200,
    body: { name: "master", commit: { sha: git(bare, "rev-parse", "master") } },
  }));
  api.on("POST", /\/issues\/comments\/\d+\/reactions$/, () => ({ status: 201, body: { id: 1 } }));
  api.on("GET", `${repoPath}/issues/1/comments`, () => ({ status: 200, body: [] }));
  api.on("POST", `${repoPath}/issues/1/comments`, (c) => {
    replies.push(String(body(c).body));
    return { status: 201, body: { id: 555, html_url: "https://github.com/Codertocat/Hello-World/issues/1" } };
  });
  api.on("PATCH", `${repoPath}/issues/comments/555`, (c) => {
    replies.push(String(body(c).body));
    return { status: 200, body: { id: 555 } };
  });
  api.on("GET", `${repoPath}/pulls`, () => ({ status: 200, body: [] }));
  api.on("POST", `${repoPath}/pulls`, (c) => {
    created.push(c.body as (typeof created)[number]);
    const number = created.length + 1;
    return {
      status: 201,
      body: { number, html_url: `https://github.com/Codertocat/Hello-World/pull/${number}` },
    };
  });
  return { replies, created };
}

describe("/xihe upgrade on the App for a Python project", () => {
  it.skipIf(!hostHasPytest())(
    "pins the minor, migrates the renaming major in its own commit after the bump, one PR each",
    async () => {
      const gh = answerUpgrade();
      const payload = commentPayload("/xihe upgrade", { commentId: 201 }) as ReturnType<
        typeof commentPayload
      > & { issue: Record<string, unknown>; repository: Record<string, unknown> };
      delete payload.issue.pull_request;
      payload.repository.clone_url = `file://${bare}`;
      await h.send("issue_comment", payload, "delivery-python-1");
      await h.settle();
      await h.worker.drain();
      expect(api.unexpected).toEqual([]);
      const [run] = await h.store.listRuns({ repo: "Codertocat/Hello-World", pr: 1 });
      expect(run, gh.replies.at(-1)).toMatchObject({ verb: "upgrade", status: "succeeded" });
      expect(model.remaining()).toBe(0);

      const byHead = Object.fromEntries(gh.created.map((p) => [p.head, p]));
      expect(Object.keys(byHead).sort()).toEqual(["xihe/deps/minor-patch", "xihe/deps/tinydep-2"]);
      expect(byHead["xihe/deps/tinydep-2"]).toMatchObject({
        base: "master",
        title: "Bump tinydep from 1.0.0 to 2.0.0",
        draft: false,
      });
      expect(byHead["xihe/deps/tinydep-2"]!.body).toContain("MIGRATED");
      // The blast radius: where the project imports the package and calls the renamed function.
      expect(byHead["xihe/deps/tinydep-2"]!.body).toContain("imported at: calc.py:1");
      expect(byHead["xihe/deps/tinydep-2"]!.body).toContain("double: calc.py:5");
      expect(gh.replies.at(-1)).toMatch(/xihe\/deps\/minor-patch`: verified; opened \[#\d\]/);
      expect(gh.replies.at(-1)).toMatch(/xihe\/deps\/tinydep-2`: migrated; opened \[#\d\]/);

      // pip fetched the chosen wheels from the index; the bump and the migration are the App's commits.
      expect(index.requests).toContain("GET /files/tinydep-2.0.0-py3-none-any.whl");
      expect(git(bare, "show", "xihe/deps/minor-patch:requirements.txt")).toBe("pytest\ntinydep==1.1.0");
      expect(git(bare, "log", "--format=%s|%ce", "master..xihe/deps/tinydep-2").split("\n")).toEqual([
        expect.stringMatching(new RegExp(`\\|${botEmail.replace(/[[\]]/g, "\\$&")}$`)),
        `Bump tinydep from 1.0.0 to 2.0.0|${botEmail}`,
      ]);
      expect(git(bare, "show", "--name-only", "--format=", "xihe/deps/tinydep-2~1")).toBe("requirements.txt");
      expect(git(bare, "show", "--name-only", "--format=", "xihe/deps/tinydep-2")).toBe("calc.py");
      expect(git(bare, "show", "xihe/deps/tinydep-2:calc.py")).toContain("return 2 * twice(x)");
    },
    900_000,
  );
});
