// `/xihe fix` end to end on a project with real dependencies (test/fixtures/projects/stats-kit: jest,
// eslint, prettier, a committed npm lockfile, no node_modules). A signed webhook goes through the real
// Probot app; the worker clones the PR head from a real bare repository, installs the lockfile in the
// bubblewrap sandbox from the registry the host's npm config names, through Xihe's registry proxy,
// reproduces the CI failures, fixes formatting and the lint rule deterministically and the unit test
// with a scripted model, verifies, and delivers a side branch that a clean clone proves green with
// `npm ci`. GitHub's REST API is nock. The registry is the one real outside service: if it cannot be
// reached the test fails and says so (it never skips).
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import nock from "nock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startScriptedModelServer,
  type ScriptedModelServer,
} from "../../agent/support/scripted-model-server.ts";
import { createHarness, type Harness } from "../../github/app-harness.ts";
import { realExecutors } from "../../github/run-fixtures.ts";
import { cloneSideBranch, git, makeProjectRemote } from "./e2e-project-remote.ts";
import { scriptedModelAppEnv, sendFixComment } from "./send-fix-comment.ts";

const project = fileURLToPath(new URL("../../fixtures/projects/stats-kit/", import.meta.url));
const commands = { test: ["npx jest"], lint: ["npx eslint .", "npx prettier --check ."] };
const modelTurns = JSON.parse(
  readFileSync(new URL("../../fixtures/github/model-turns.stats-median-fix.json", import.meta.url), "utf8"),
) as { body: unknown }[];

let root = "";
let h: Harness | undefined;
let model: ScriptedModelServer | undefined;
beforeAll(() => {
  root = mkdtempSync(join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "xihe-e2e-deps-"));
});
afterAll(async () => {
  await h?.close();
  await model?.close();
  rmSync(root, { recursive: true, force: true });
});

/** `npm ping` with the host's own npm config, in an empty directory (as the install phase reads it). */
function assertRegistryReachable(cwd: string): void {
  const npm = (args: string[]) =>
    execFileSync("npm", args, { cwd, encoding: "utf8", stdio: "pipe", timeout: 30_000 }).trim();
  const registry = npm(["config", "get", "registry"]);
  try {
    npm(["ping"]);
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    throw new Error(
      `the npm registry this machine's npm config names (${registry}) is unreachable, and this test installs ` +
        `the fixture's real dependencies from it through Xihe's registry proxy; fix the network or the ` +
        `registry setting (npm config get registry) and re-run.\n${e.stderr ?? e.message}`,
    );
  }
}

describe("/xihe fix end to end on a project with dependencies", () => {
  it("installs the lockfile through the registry proxy, reproduces, fixes test, lint and format, and delivers a side branch green under npm ci", async () => {
    // In the test, not a hook: an unreachable registry fails this test by name (it never skips).
    assertRegistryReachable(root);
    const remote = makeProjectRemote(root, project, [
      "stats-kit: mean, median, range",
      "median: simpler; range: name the bounds",
    ]);
    model = await startScriptedModelServer(modelTurns);
    h = await createHarness({
      executors: realExecutors(join(root, "xihe-work"), {
        env: scriptedModelAppEnv(model.baseURL),
      }),
    });
    const { run, final, created, checkDone, runSeconds } = await sendFixComment(
      h,
      remote,
      commands,
      "delivery-e2e-deps",
    );
    expect(run, final).toMatchObject({ status: "succeeded", reason: null, headSha: remote.head });
    expect(created).toHaveLength(1);
    expect(checkDone.isDone()).toBe(true);
    expect(model.remaining()).toBe(0);
    // Each failing CI command was reproduced on the PR head (exit 1) and passes on the fix (exit 0).
    for (const command of [...commands.test, ...commands.lint])
      expect(final).toContain(`| \`${command}\` | 1 | 0 | ✅ pass |`);
    expect(final).toContain("averages the two middle values of an even count");
    // Installed from the lockfile through the proxy, then reproduced, before anything was changed.
    expect(final).toMatch(/#### Dependencies\n\n✅ installed with `npm`/);
    expect(final).toContain("| `npm ci --ignore-scripts --no-audit --no-fund` | 0 |");
    expect(final).toContain("Through the registry proxy: ");
    expect(final).toContain("#### Reproduction\n\n✅ reproduced: the sandbox shows CI's failure");
    expect(final.indexOf("#### Dependencies")).toBeLessThan(final.indexOf("#### Reproduction"));
    expect(final).not.toMatch(/ghs_|sk-test/);
    // `XIHE_WRITE_EXAMPLE=1 npx vitest run test/verbs/fix/fix-run-with-dependencies.e2e.test.ts`
    // refreshes the example comment the README links.
    if (process.env.XIHE_WRITE_EXAMPLE === "1")
      writeFileSync(new URL("../../../docs/example-run-comment.md", import.meta.url), `${final}\n`);

    const check = cloneSideBranch(root, remote.bare, "node_modules");
    expect(git(check, "diff", "--name-only", `${remote.head}..HEAD`).split("\n").sort()).toEqual([
      "src/mean.js",
      "src/median.js",
      "src/range.js",
    ]);
    const cleanStarted = Date.now();
    const green = proveGreen(check);
    const cleanSeconds = (Date.now() - cleanStarted) / 1000;
    console.log(
      `e2e with dependencies: webhook to delivered fix ${runSeconds.toFixed(1)} s; ` +
        `clean clone npm ci + test + lint + format ${cleanSeconds.toFixed(1)} s`,
    );
    expect(green).toMatch(/Tests:\s+4 passed, 4 total/);
    expect(green).toContain("All matched files use Prettier code style!");
    expect(nock.pendingMocks()).toEqual([]);
  }, 1_200_000);
});

/** What the project's own CI runs, on the host, in the clean clone; any failure throws with its output. */
function proveGreen(dir: string): string {
  const run = (file: string, args: string[]) =>
    execFileSync(file, args, { cwd: dir, encoding: "utf8", stdio: "pipe", timeout: 300_000 });
  let out = run("npm", ["ci", "--no-audit", "--no-fund"]);
  // jest reports on stderr.
  out += execFileSync("sh", ["-c", "npm test 2>&1"], { cwd: dir, encoding: "utf8", timeout: 120_000 });
  out += run("npx", ["--no-install", "eslint", "."]);
  out += run("npx", ["--no-install", "prettier", "--check", "."]);
  return out;
}
