// `xihe serve` through bin/, over real HTTP: the API and the trace pages without the GitHub App, over
// the store a real `xihe fix` run wrote; starting runs is refused with what to do instead.
import { rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { execa, type ResultPromise } from "execa";
import { afterAll, beforeAll, expect, it } from "vitest";
import { sumRepo } from "../agent/support/sum-repo.ts";
import { makeGitRepo, type TempRepo } from "../tools/support/make-git-repo.ts";
import { scratchDir } from "../support/scratch-dir.ts";

const bin = resolve(import.meta.dirname, "../../bin/xihe.js");
let repo: TempRepo;
let scratch: string;
let env: Record<string, string>;
let serving: ResultPromise | null = null;
let base: string;
let runId: string;
let readToken: string;
let runToken: string;

const xihe = (args: string[]) =>
  execa(process.execPath, [bin, ...args], { cwd: repo.root, reject: false, env });

beforeAll(async () => {
  repo = makeGitRepo(sumRepo);
  scratch = scratchDir("xihe-serve-");
  env = { XIHE_STORE: join(scratch, "xihe.db"), LOG_LEVEL: "silent", XIHE_TRACE_SECRET: "t".repeat(40) };
  const fix = await xihe(["fix", "--cmd", "node --test", "--no-llm", "--trust-local"]);
  runId = /^xihe fix ([0-9a-f]{8}): /m.exec(fix.stdout)![1]!;
  readToken = (await xihe(["token", "create", "--repo", "*", "--scope", "read"])).stdout.trim();
  runToken = (await xihe(["token", "create", "--repo", "octo/*", "--scope", "run"])).stdout.trim();
  serving = execa(process.execPath, [bin, "serve", "--port", "0"], { cwd: repo.root, env, reject: false });
  base = await new Promise<string>((resolvePort, reject) => {
    serving!.stdout!.on("data", (chunk: Buffer) => {
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(chunk.toString());
      if (m) resolvePort(m[1]!);
    });
    void serving!.then((r) => reject(new Error(`serve exited: ${r.stderr}`)));
  });
}, 120_000);

afterAll(async () => {
  serving?.kill("SIGTERM");
  await serving;
  repo.cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

const get = (path: string, token: string) =>
  fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });

it("answers a local fix run's record, its event stream to the outcome, and its trace page", async () => {
  const run = await get(`/v1/runs/${runId}`, readToken);
  expect(run.status).toBe(200);
  const body = (await run.json()) as { status: string; verb: string; steps: { stepId: string }[] };
  expect(body).toMatchObject({ status: "failed", verb: "fix" });
  expect(body.steps.map((s) => s.stepId)).toContain("perceive");
  const events = await (await get(`/v1/runs/${runId}/events`, readToken)).text();
  expect(events.trimEnd().split("\n\n").at(-1)).toMatch(/^id: \d+\nevent: outcome\n/);
  const page = await get(`/runs/${runId}`, readToken);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("<td><code>node --test</code></td>");
  expect((await get("/v1/openapi.json", readToken)).status).toBe(200);
  expect((await fetch(`${base}/healthz`)).status).toBe(200);
});

it("refuses to start runs without the App, and a read token or no token, as problem+json with nothing started", async () => {
  const execute = (token: string | null) =>
    fetch(`${base}/v1/execute`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ verb: "fix", repo: "octo/app", pr: 1 }),
    });
  const noApp = await execute(runToken);
  expect(noApp.status).toBe(404);
  const problem = (await noApp.json()) as { type: string; detail: string };
  expect(problem.type).toBe("urn:xihe:problem:repository-not-installed");
  expect(problem.detail).toContain("xihe serve");
  expect((await execute(readToken)).status).toBe(403);
  expect((await execute(null)).status).toBe(401);
  expect((await fetch(`${base}/elsewhere`)).status).toBe(404);
});

it("exits 2 naming the key when there is no store, and 0 on SIGTERM", async () => {
  const none = await execa(process.execPath, [bin, "serve", "--port", "0"], {
    reject: false,
    env: { ...env, XIHE_STORE: join(scratch, "none.db") },
  });
  expect(none.exitCode).toBe(2);
  expect(none.stderr).toContain("no store at");
  serving!.kill("SIGTERM");
  expect((await serving!).exitCode).toBe(0);
  serving = null;
});
