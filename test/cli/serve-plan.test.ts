// POST /v1/plan and GET /v1/projects/{owner}/{repo}/context on `xihe serve --project DIR` (through
// bin/, real HTTP) over a realistic checkout: stats-kit (jest, eslint, prettier, a committed npm
// lockfile) with its PR laid over it, planned from the real CI log of that PR (recorded by the
// fixture's record.sh). The plan runs nothing and writes nothing: the checkout, HEAD and the store's
// runs are the same after every call, refused ones included.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { execa, type ResultPromise } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plan as planSchema, projectContext } from "../../src/api/project-schemas.ts";
import { openFixRun } from "../../src/cli/fix-run-record.ts";
import { openSqliteStore } from "../../src/store/sqlite-store.ts";
import { makeScratchDir } from "../support/scratch-dir.ts";

const bin = resolve(import.meta.dirname, "../../bin/xihe.js");
const project = fileURLToPath(new URL("../fixtures/projects/stats-kit/", import.meta.url));
const ciLog = readFileSync(join(project, "ci-job-log.txt"), "utf8");
const scratch = makeScratchDir("serve-plan");
const checkout = join(scratch.dir, "stats-kit");
const broken = join(scratch.dir, "broken");
const storePath = join(scratch.dir, "xihe.db");
const env = { XIHE_STORE: storePath, LOG_LEVEL: "silent", XIHE_SANDBOX: "bwrap" };
let serving: ResultPromise | null = null;
let base = "";
let read = "";
let otherRepos = "";
let recordedRunId = "";

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.invalid", ...args], {
    cwd,
    encoding: "utf8",
  });

function makeCheckout(): void {
  cpSync(join(project, "base"), checkout, { recursive: true });
  cpSync(join(project, "pr"), checkout, { recursive: true });
  mkdirSync(join(checkout, ".github"));
  // The config in force: its commands and budget must show in the plan, not the detected ones.
  writeFileSync(
    join(checkout, ".github", "xihe.yml"),
    'commands:\n  test: ["npx jest"]\n  lint: ["npx eslint .", "npx prettier --check ."]\nbudget:\n  max_cost_usd: 0.25\n',
  );
  git(checkout, "init", "-q", "-b", "main");
  git(checkout, "add", "-A");
  git(checkout, "commit", "-qm", "stats-kit with the PR's change");
  git(checkout, "remote", "add", "origin", "https://github.com/octo/stats-kit.git");
  mkdirSync(broken);
  mkdirSync(join(broken, ".github"));
  writeFileSync(join(broken, "index.js"), "module.exports = 1;\n");
  writeFileSync(join(broken, ".github", "xihe.yml"), "budget:\n  max_cost_usd: lots\n");
  git(broken, "init", "-q", "-b", "main");
  git(broken, "add", "-A");
  git(broken, "commit", "-qm", "broken config");
}

const xihe = (args: string[]) => execa(process.execPath, [bin, ...args], { cwd: checkout, env });

beforeAll(async () => {
  makeCheckout();
  read = (await xihe(["token", "create", "--repo", "octo/*", "--scope", "read"])).stdout.trim();
  otherRepos = (await xihe(["token", "create", "--repo", "elsewhere/*", "--scope", "run"])).stdout.trim();
  await xihe(["token", "create", "--repo", "*", "--scope", "read"]);
  // A run `xihe fix` recorded on this checkout, as it records one (by the checkout's path).
  const store = openSqliteStore(storePath);
  recordedRunId = (
    await openFixRun(store, {
      resume: undefined,
      root: checkout,
      commands: ["npx jest"],
      originalBranch: "main",
      headSha: git(checkout, "rev-parse", "HEAD").trim(),
      budget: {},
      newId: () => "5e1f0a11",
      now: () => new Date("2026-12-01T10:00:00Z"),
    })
  ).runId;
  await store.close();
  serving = execa(
    process.execPath,
    [bin, "serve", "--port", "0", "--project", checkout, "--project", broken],
    {
      cwd: scratch.dir,
      env,
      reject: false,
    },
  );
  base = await new Promise<string>((ok, fail) => {
    serving!.stdout!.on("data", (c: Buffer) => {
      const m = /listening on (http:\/\/\S+)/.exec(c.toString());
      if (m) ok(m[1]!);
    });
    void serving!.then((r) => fail(new Error(`serve exited: ${r.stderr}`)));
  });
}, 60_000);

afterAll(async () => {
  serving?.kill("SIGTERM");
  await serving;
  scratch.remove();
});

/** What must not change: the checkout's files (ignored ones too), its HEAD and branches, the runs. */
async function sideEffects() {
  const store = openSqliteStore(storePath);
  const runs = (await store.listRuns({})).map((r) => `${r.id}:${r.status}`);
  await store.close();
  return {
    status: git(checkout, "status", "--porcelain", "--ignored"),
    refs: git(checkout, "for-each-ref"),
    runs,
  };
}

const post = (body: string, token: string | null, type = "application/json") =>
  fetch(`${base}/v1/plan`, {
    method: "POST",
    headers: { "content-type": type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body,
  });

describe("POST /v1/plan", () => {
  it("plans a fix of the real CI log: perception, the commands in force, the suspect code, the budget; nothing run or written", async () => {
    const before = await sideEffects();
    const started = performance.now();
    const res = await post(JSON.stringify({ repo: "octo/stats-kit", log: ciLog, limit: 5 }), read);
    console.log(`POST /v1/plan on stats-kit: ${(performance.now() - started).toFixed(0)} ms`);
    expect(res.status).toBe(200);
    const plan = planSchema.parse(await res.json());
    expect(plan.headSha).toBe(git(checkout, "rev-parse", "HEAD").trim());
    expect(plan.config.source).toBe(".github/xihe.yml of the checkout");
    expect(plan.perception?.tools).toEqual(["jest", "eslint", "prettier"]);
    expect(plan.perception?.classification.verdict).toBe("code");
    expect(plan.perception?.failures[0]).toMatchObject({
      tool: "jest",
      file: "test/stats.test.js",
      line: 16,
      test: "median › averages the two middle values of an even count",
    });
    // CI printed the runner's absolute path; the plan names the repository file.
    expect(plan.perception?.failures.map((f) => f.file)).toContain("src/range.js");
    expect(plan.reproduction.commands.map((c) => [c.kind, c.command, c.source, c.network])).toEqual([
      ["install", "npm ci --ignore-scripts --no-audit --no-fund", "detected", "install"],
      ["test", "npx jest", "config", "none"],
      ["lint", "npx eslint .", "config", "none"],
      ["lint", "npx prettier --check .", "config", "none"],
    ]);
    expect(plan.reproduction.sandbox.runner).toBe("bwrap");
    const suspects = plan.localization.suspects.map((s) => `${s.file}#${s.symbol}`);
    expect(suspects.length).toBeLessThanOrEqual(5);
    expect(suspects.slice(0, 3)).toContain("src/median.js#median");
    expect(suspects.slice(0, 3)).toContain("src/range.js#range");
    expect(plan.budget).toMatchObject({ maxCostUsd: 0.25, maxWallSeconds: 1200, maxRepairRounds: 3 });
    expect(plan.model).toEqual({ configured: false, used: false });
    expect(await sideEffects()).toEqual(before);
    const store = openSqliteStore(storePath);
    const audit = await store.listAudit({ repo: "octo/stats-kit", limit: 100 });
    await store.close();
    expect(audit.map((a) => [a.action, a.result])).toContainEqual(["api.planFix", { status: 200 }]);
  });

  it("without a log, lists the commands and budget and says nothing was perceived", async () => {
    const res = await post(JSON.stringify({ repo: "octo/stats-kit" }), read);
    expect(res.status).toBe(200);
    const plan = planSchema.parse(await res.json());
    expect(plan.perception).toBeNull();
    expect(plan.localization.suspects).toEqual([]);
    expect(plan.notes.join(" ")).toContain("no failing log was given");
    expect(plan.reproduction.commands).toHaveLength(4);
  });

  it("answers bad input as problem+json with the right status, and starts or writes nothing", async () => {
    const before = await sideEffects();
    const problem = async (res: Response) => ({
      status: res.status,
      type: res.headers.get("content-type"),
      body: (await res.json()) as { type: string; detail: string },
    });
    const malformed = await problem(await post('{"repo": "octo/stats-kit", "log": ', read));
    expect(malformed).toMatchObject({ status: 400, type: "application/problem+json" });
    expect(malformed.body.type).toBe("urn:xihe:problem:malformed-json");
    const unknown = await problem(await post(JSON.stringify({ repo: "octo/nothing", log: "x" }), read));
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toContain("it serves octo/stats-kit, local/broken");
    const outside = await problem(await post(JSON.stringify({ repo: "octo/stats-kit" }), otherRepos));
    expect(outside.status).toBe(403);
    expect(outside.body.type).toBe("urn:xihe:problem:repository-not-allowed");
    expect((await problem(await post(JSON.stringify({ repo: "octo/stats-kit" }), null))).status).toBe(401);
    const wrong = await problem(await post(JSON.stringify({ repo: "octo/stats-kit" }), `${read}x`));
    expect(wrong.body.type).toBe("urn:xihe:problem:unauthenticated");
    const huge = await problem(
      await post(JSON.stringify({ repo: "octo/stats-kit", log: "x".repeat(2_200_000) }), read),
    );
    expect(huge.status).toBe(413);
    const pr = await problem(await post(JSON.stringify({ repo: "octo/stats-kit", pr: 3 }), read));
    expect(pr.status).toBe(422);
    expect(pr.body.detail).toContain("send the failing log in `log`");
    const field = await problem(await post(JSON.stringify({ repo: "octo/stats-kit", limit: 0 }), read));
    expect(field.status).toBe(422);
    expect(field.body.detail).toContain("limit");
    expect((await problem(await post("repo=octo/stats-kit", read, "text/plain"))).status).toBe(415);
    expect(await sideEffects()).toEqual(before);
  });
});

describe("GET /v1/projects/{owner}/{repo}/context", () => {
  const get = (path: string, token: string | null) =>
    fetch(`${base}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

  it("shows the index summary, detected and configured commands, the config in force and the recent runs", async () => {
    const res = await get("/v1/projects/octo/stats-kit/context", read);
    expect(res.status).toBe(200);
    const context = projectContext.parse(await res.json());
    expect(context.index).toMatchObject({ testFiles: 1, languages: { javascript: 5 } });
    expect(context.index.symbols).toBeGreaterThanOrEqual(4);
    expect(context.commands.detected).toEqual({ test: ["npm test"], lint: ["npm run lint"] });
    expect(context.commands.inForce).toEqual({
      install: ["npm ci --ignore-scripts --no-audit --no-fund"],
      test: ["npx jest"],
      lint: ["npx eslint .", "npx prettier --check ."],
      build: [],
    });
    expect(context.config.values).toMatchObject({ budget: { max_cost_usd: 0.25, max_tool_calls: 80 } });
    expect(context.recentRuns.map((r) => [r.id, r.verb, r.status])).toEqual([
      [recordedRunId, "fix", "queued"],
    ]);
  });

  it("names the invalid key of a project's config, refuses unknown projects and bad tokens", async () => {
    const star = (await xihe(["token", "create", "--repo", "*", "--scope", "read"])).stdout.trim();
    const invalid = await get("/v1/projects/local/broken/context", star);
    expect(invalid.status).toBe(422);
    expect(((await invalid.json()) as { detail: string }).detail).toContain("budget.max_cost_usd");
    expect((await get("/v1/projects/octo/nothing/context", read)).status).toBe(404);
    expect((await get("/v1/projects/local/broken/context", read)).status).toBe(403);
    expect((await get("/v1/projects/octo/stats-kit/context", null)).status).toBe(401);
    expect((await get("/v1/projects/octo/stats-kit/context", "xihe_wrong")).status).toBe(401);
  });
});
