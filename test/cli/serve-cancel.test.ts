// POST /v1/runs/{id}/cancel on `xihe serve` stops a `xihe fix` that is running (both through bin/,
// real HTTP, one shared store): the fix's failing command is a real slow process with a child of its
// own; the cancel kills the command's whole process group, the fix ends saying CANCELLED, the run
// stays cancelled, and the user's branch is back.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { execa, type ResultPromise } from "execa";
import { afterAll, expect, it } from "vitest";
import { makeGitRepo } from "../tools/support/make-git-repo.ts";
import { makeScratchDir } from "../support/scratch-dir.ts";

const bin = resolve(import.meta.dirname, "../../bin/xihe.js");
const scratch = makeScratchDir("serve-cancel");
const pidFile = join(scratch.dir, "sleeper.pid");
// The failing command: starts a long sleep of its own and waits far past any test timeout.
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
const env = { XIHE_STORE: join(scratch.dir, "xihe.db"), LOG_LEVEL: "silent" };
let serving: ResultPromise | null = null;
let fixing: ResultPromise | null = null;

afterAll(async () => {
  fixing?.kill("SIGKILL");
  serving?.kill("SIGTERM");
  await Promise.allSettled([fixing, serving]);
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

async function waitFor<T>(what: string, probe: () => Promise<T | null> | T | null, ms = 60_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

it("kills the running command of a xihe fix run and ends the run as cancelled", async () => {
  const xihe = (args: string[]) => execa(process.execPath, [bin, ...args], { cwd: repo.root, env });
  const token = (await xihe(["token", "create", "--repo", "*", "--scope", "run"])).stdout.trim();
  serving = execa(process.execPath, [bin, "serve", "--port", "0"], { cwd: repo.root, env, reject: false });
  const base = await new Promise<string>((ok, fail) => {
    serving!.stdout!.on("data", (c: Buffer) => {
      const m = /listening on (http:\/\/\S+)/.exec(c.toString());
      if (m) ok(m[1]!);
    });
    void serving!.then((r) => fail(new Error(`serve exited: ${r.stderr}`)));
  });
  fixing = execa(
    process.execPath,
    [bin, "fix", "--cmd", `node slow-check.js ${pidFile}`, "--no-llm", "--trust-local"],
    { cwd: repo.root, env, reject: false },
  );
  const sleeper = await waitFor("the slow command to start", () => {
    try {
      return Number(readFileSync(pidFile, "utf8")) || null;
    } catch {
      return null;
    }
  });
  expect(isAlive(sleeper)).toBe(true);
  const auth = { authorization: `Bearer ${token}` };
  // The run, as the project's context lists it (xihe serve serves its working directory's checkout).
  const name = `local/${repo.root.split("/").at(-1)}`;
  const context = (await (await fetch(`${base}/v1/projects/${name}/context`, { headers: auth })).json()) as {
    recentRuns: { id: string; status: string }[];
  };
  expect(context.recentRuns.map((r) => r.status)).toEqual(["running"]);
  const runId = context.recentRuns[0]!.id;
  const cancelledAt = performance.now();
  const cancel = await fetch(`${base}/v1/runs/${runId}/cancel`, { method: "POST", headers: auth });
  expect(cancel.status).toBe(200);
  const fix = await fixing;
  fixing = null;
  console.log(`cancel to xihe fix exit: ${(performance.now() - cancelledAt).toFixed(0)} ms`);
  expect(fix.exitCode).toBe(1);
  expect(fix.stdout).toContain(`xihe fix ${runId}: CANCELLED (cancelled through the API`);
  await waitFor("the command's child to die", () => (isAlive(sleeper) ? null : true), 5_000);
  const run = (await (await fetch(`${base}/v1/runs/${runId}`, { headers: auth })).json()) as {
    status: string;
  };
  expect(run.status).toBe("cancelled");
  expect(repo.git("branch", "--show-current").trim()).toBe("main");
  const again = await fetch(`${base}/v1/runs/${runId}/cancel`, { method: "POST", headers: auth });
  expect(again.status).toBe(409);
}, 120_000);
