// `/xihe fix` end to end on a Python project with dependencies (test/fixtures/projects/py-cart: pytest,
// a pinned requirements.txt, no virtualenv). A signed webhook goes through the real Probot app; the
// worker clones the PR head from a real bare repository, creates a venv and installs the requirements
// with real pip in the bubblewrap sandbox from a local package index on 127.0.0.1 (PEP 503/691, real
// wheels) through Xihe's registry proxy, reproduces the failing tests, fixes them with a scripted
// model, verifies, and delivers a side branch that a clean clone proves green with pip and pytest.
// GitHub's REST API is nock. The index and the proxy share this process's event loop with the App.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { execa } from "execa";
import nock from "nock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startScriptedModelServer,
  type ScriptedModelServer,
} from "../../agent/support/scripted-model-server.ts";
import { createHarness, type Harness } from "../../github/app-harness.ts";
import { realExecutors } from "../../github/run-fixtures.ts";
import { startPytestProjectIndex, type FakePythonIndex } from "../../workspace/support/fake-python-index.ts";
import { cloneSideBranch, git, makeProjectRemote } from "./e2e-project-remote.ts";
import { scriptedModelAppEnv, sendFixComment } from "./send-fix-comment.ts";

const project = fileURLToPath(new URL("../../fixtures/projects/py-cart/", import.meta.url));
const commands = { test: [".venv/bin/python -m pytest -p no:cacheprovider"] };
const modelTurns = JSON.parse(
  readFileSync(new URL("../../fixtures/github/model-turns.py-cart-total-fix.json", import.meta.url), "utf8"),
) as { body: unknown }[];

let root = "";
let index: FakePythonIndex | undefined;
let h: Harness | undefined;
let model: ScriptedModelServer | undefined;
beforeAll(async () => {
  root = mkdtempSync(join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "xihe-e2e-py-"));
  const wheels = join(root, "wheels");
  mkdirSync(wheels);
  // The host's python3 must have pytest (the suite's setup installs it); without it this fails here.
  index = await startPytestProjectIndex(wheels);
}, 120_000);
afterAll(async () => {
  await h?.close();
  await model?.close();
  await index?.close();
  rmSync(root, { recursive: true, force: true });
});

describe("/xihe fix end to end on a Python project with dependencies", () => {
  it("installs requirements with pip from a local index through the registry proxy, reproduces, fixes the unit test, and delivers a side branch green under pip and pytest", async () => {
    const pythonIndex = index as FakePythonIndex;
    const remote = makeProjectRemote(root, project, [
      "cart: total and deposit",
      "cart: skip the price list's header row",
    ]);
    model = await startScriptedModelServer(modelTurns);
    h = await createHarness({
      executors: realExecutors(join(root, "xihe-work"), {
        env: scriptedModelAppEnv(model.baseURL),
        // The App's own pip configuration: the only place the install's index comes from.
        hostEnv: { ...process.env, PIP_INDEX_URL: pythonIndex.url, PIP_CONFIG_FILE: "/dev/null" },
      }),
    });
    const { run, final, created, checkDone, runSeconds } = await sendFixComment(
      h,
      remote,
      commands,
      "delivery-e2e-python",
    );
    expect(run, final).toMatchObject({ status: "succeeded", reason: null, headSha: remote.head });
    expect(created).toHaveLength(1);
    expect(checkDone.isDone()).toBe(true);
    expect(model.remaining()).toBe(0);
    expect(pythonIndex.requests).toContain("GET /files/tinydep-1.0.0-py3-none-any.whl");
    expect(pythonIndex.requests.some((r) => /^GET \/files\/pytest-.*\.whl$/.test(r))).toBe(true);
    expect(final).toContain(`127.0.0.1:${pythonIndex.port}`);
    expect(final).not.toContain("blocked:");
    expect(final).toContain(`| \`${commands.test[0]}\` | 1 | 0 | ✅ pass |`);
    expect(final).not.toMatch(/ghs_|sk-test/);

    const check = cloneSideBranch(root, remote.bare, ".venv");
    expect(git(check, "diff", "--name-only", `${remote.head}..HEAD`)).toBe("shop/cart.py");
    const green = await proveGreen(check, pythonIndex.url);
    console.log(`e2e python: webhook to delivered fix ${runSeconds.toFixed(1)} s`);
    expect(green).toMatch(/2 passed/);
    expect(nock.pendingMocks()).toEqual([]);
  }, 600_000);
});

/**
 * What the project's own CI runs, on the host, in the clean clone: a venv, pip from the index, pytest.
 * Asynchronous: the index answers from this process.
 */
async function proveGreen(dir: string, indexUrl: string): Promise<string> {
  const run = async (file: string, args: string[]) =>
    (
      await execa(file, args, {
        cwd: dir,
        timeout: 300_000,
        env: { PIP_CONFIG_FILE: "/dev/null", PYTEST_DISABLE_PLUGIN_AUTOLOAD: "1" },
      })
    ).stdout;
  await run("python3", ["-m", "venv", ".venv"]);
  await run(".venv/bin/python", [
    "-m",
    "pip",
    "install",
    "-q",
    "--index-url",
    indexUrl,
    "-r",
    "requirements.txt",
  ]);
  return run(".venv/bin/python", ["-m", "pytest", "-p", "no:cacheprovider"]);
}
