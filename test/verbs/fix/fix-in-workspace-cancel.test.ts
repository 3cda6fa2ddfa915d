// A cancelled fix run stops now, not at its timeout: the run's signal (the App's worker aborts it on
// /xihe stop or POST /v1/runs/{id}/cancel; `xihe fix` on a cancel mark in the store) kills the
// command under way with its whole process group, and no step starts after it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pino } from "pino";
import { afterAll, expect, it } from "vitest";
import { loadEnv, parseRepoConfig } from "../../../src/config.ts";
import { openSqliteStore } from "../../../src/store/sqlite-store.ts";
import { fixInWorkspace } from "../../../src/verbs/fix/fix-in-workspace.ts";
import { makeGitRepo } from "../../tools/support/make-git-repo.ts";
import { makeScratchDir } from "../../support/scratch-dir.ts";

const scratch = makeScratchDir("fix-cancel");
const repo = makeGitRepo({
  "slow-check.js": [
    'const { spawn } = require("node:child_process");',
    'const { writeFileSync } = require("node:fs");',
    'const sleeper = spawn("sleep", ["300"], { stdio: "ignore" });',
    "writeFileSync(process.argv[2], String(sleeper.pid));",
    "setTimeout(() => process.exit(1), 300_000);",
    "",
  ].join("\n"),
});
afterAll(() => {
  repo.cleanup();
  scratch.remove();
});

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

it("kills the running check's process group when the run's signal aborts, and starts no further step", async () => {
  const store = openSqliteStore(join(scratch.dir, "xihe.db"));
  const now = () => new Date();
  const runId = "c4nce11e";
  await store.createRun(
    {
      installationId: null,
      repo: repo.root,
      pr: null,
      headSha: repo.git("rev-parse", "HEAD").trim(),
      verb: "fix",
      args: "",
      trigger: "cli",
      requester: "test",
      budget: {},
      context: null,
    },
    { id: runId, now: now().toISOString() },
  );
  const pidFile = join(scratch.dir, "sleeper.pid");
  const controller = new AbortController();
  const fixing = fixInWorkspace(
    {
      store,
      now,
      log: pino({ level: process.env.XIHE_TEST_LOG ?? "silent" }),
      fetch: globalThis.fetch,
      hostEnv: process.env,
      newId: () => Math.random().toString(16).slice(2, 10),
      random: Math.random,
      signal: controller.signal,
    },
    {
      runId,
      root: repo.root,
      config: parseRepoConfig(null),
      env: loadEnv({ XIHE_STORE: join(scratch.dir, "xihe.db") }),
      commands: [`node slow-check.js ${pidFile}`],
      useModel: false,
      source: "local_checkout",
      trustLocal: true,
    },
  ).then(
    (outcome) => ({ outcome, error: null }),
    (error: unknown) => ({ outcome: null, error }),
  );
  let sleeper = 0;
  let settled: unknown = null;
  void fixing.then((e) => (settled = e));
  while (!sleeper) {
    if (settled) throw new Error(`the run ended before its command started: ${JSON.stringify(settled)}`);
    await new Promise((r) => setTimeout(r, 100));
    try {
      sleeper = Number(readFileSync(pidFile, "utf8"));
    } catch {
      // not started yet
    }
  }
  expect(isAlive(sleeper)).toBe(true);
  const abortedAt = performance.now();
  controller.abort(new Error("cancelled"));
  const ended = await fixing;
  console.log(`abort to fixInWorkspace settled: ${(performance.now() - abortedAt).toFixed(0)} ms`);
  for (let i = 0; i < 50 && isAlive(sleeper); i++) await new Promise((r) => setTimeout(r, 100));
  expect(isAlive(sleeper)).toBe(false);
  // Either the loop saw its command killed and stopped at the next step, or it ended with a failure.
  expect(ended.outcome?.status ?? "stopped").not.toBe("done");
  const steps = await store.listSteps(runId);
  const afterAbort = steps.filter(
    (s) => s.startedAt > new Date(Date.now() - (performance.now() - abortedAt)).toISOString(),
  );
  expect(afterAbort).toEqual([]);
  await store.close();
}, 120_000);
