// POST /v1/runs/{id}/approve on `xihe serve` (through bin/, real HTTP): a real `xihe fix` run that
// held a test-weakening change (bubblewrap sandbox, scripted model over HTTP) resumes in its checkout
// with the change applied, and its event stream ends with the outcome.
import { rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { execa, type ResultPromise } from "execa";
import { afterAll, expect, it } from "vitest";
import {
  loadTurns,
  startScriptedModelServer,
  type ScriptedModelServer,
} from "../agent/support/scripted-model-server.ts";
import { sumRepo } from "../agent/support/sum-repo.ts";
import { makeGitRepo } from "../tools/support/make-git-repo.ts";
import { scratchDir } from "../support/scratch-dir.ts";

const bin = resolve(import.meta.dirname, "../../bin/xihe.js");
const scratch = scratchDir("xihe-serve-approve-");
const repo = makeGitRepo(sumRepo);
let model: ScriptedModelServer | null = null;
let serving: ResultPromise | null = null;

afterAll(async () => {
  serving?.kill("SIGTERM");
  await serving;
  await model?.close();
  repo.cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

it("resumes a held xihe fix run with the approved change and streams it to its outcome", async () => {
  model = await startScriptedModelServer(loadTurns("weaken-test"));
  const env = (baseURL: string) => ({
    XIHE_STORE: join(scratch, "xihe.db"),
    LOG_LEVEL: "silent",
    XIHE_MODEL: "m",
    XIHE_MODEL_API_KEY: "test-key",
    XIHE_MODEL_BASE_URL: baseURL,
  });
  const xihe = (args: string[]) =>
    execa(process.execPath, [bin, ...args], { cwd: repo.root, reject: false, env: env(model!.baseURL) });
  const first = await xihe(["fix", "--cmd", "node --test"]);
  expect(first.exitCode).toBe(1);
  const runId = /^xihe fix ([0-9a-f]{8}): NEEDS YOUR INPUT$/m.exec(first.stdout)![1]!;
  const token = (await xihe(["token", "create", "--repo", "*", "--scope", "approve"])).stdout.trim();
  await model.close();
  model = await startScriptedModelServer(loadTurns("after-approval"));
  serving = execa(process.execPath, [bin, "serve", "--port", "0"], {
    cwd: repo.root,
    env: env(model.baseURL),
    reject: false,
  });
  const base = await new Promise<string>((ok, fail) => {
    serving!.stdout!.on("data", (c: Buffer) => {
      const m = /listening on (http:\/\/\S+)/.exec(c.toString());
      if (m) ok(m[1]!);
    });
    void serving!.then((r) => fail(new Error(`serve exited: ${r.stderr}`)));
  });
  const auth = { authorization: `Bearer ${token}` };
  const approve = await fetch(`${base}/v1/runs/${runId}/approve`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ steps: ["round-1:exec-1"] }),
  });
  expect(approve.status).toBe(202);
  expect(((await approve.json()) as { status: string }).status).toBe("running");
  const again = await fetch(`${base}/v1/runs/${runId}/approve`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ steps: ["round-1:exec-1"] }),
  });
  expect(again.status).toBe(409);
  const events = await (await fetch(`${base}/v1/runs/${runId}/events`, { headers: auth })).text();
  const outcome = events.trimEnd().split("\n\n").at(-1)!;
  expect(outcome).toMatch(/^id: \d+\nevent: outcome\n/);
  expect(outcome).toContain('"status":"succeeded"');
  expect(repo.git("log", "--format=%s", `main..xihe/fix-${runId}`).trim().split("\n")).toEqual([
    "xihe: edited src/sum.js",
    "xihe: edited test/sum.test.js (-1 lines)",
  ]);
}, 240_000);
