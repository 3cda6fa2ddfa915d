// `verify.workflows` through the real fix path: `xihe fix --no-llm` through bin/ on a fresh clone
// with a lockfile and no node_modules (the real prettier, packed from this project's copy and served
// by a local npm registry), installed, reproduced and fixed in the sandbox; only after the project's
// own check passes are the configured DolphinScheduler workflows started on a fake 3.x server on
// 127.0.0.1, and their result joins the verification evidence: a success keeps the fix FIXED, a
// failure makes it NOT FIXED (its commits stay on the branch for a person to look at).
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { execa } from "execa";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { makeScratchDir } from "../support/scratch-dir.ts";
import {
  packPackage,
  startFakeNpmRegistry,
  type FakeNpmRegistry,
} from "../workspace/support/fake-npm-registry.ts";
import {
  startFakeDolphinScheduler,
  type FakeDolphinScheduler,
  type InstancePlan,
} from "../integrations/dolphinscheduler/fake-dolphinscheduler.ts";

const prettierDir = dirname(createRequire(import.meta.url).resolve("prettier/package.json"));
const token = "ds-verify-token";
let registry: FakeNpmRegistry;
let scratch: ReturnType<typeof makeScratchDir>;
let ds: FakeDolphinScheduler | undefined;

beforeAll(async () => {
  scratch = makeScratchDir("fix-verify-wf");
  mkdirSync(join(scratch.dir, "packs"));
  registry = await startFakeNpmRegistry([await packPackage(prettierDir, join(scratch.dir, "packs"))]);
}, 120_000);
afterEach(async () => {
  await ds?.close();
  ds = undefined;
});
afterAll(async () => {
  await registry.close();
  scratch.remove();
});

const xiheYml = [
  "commands:",
  '  lint: ["npx prettier --check src"]',
  "integrations:",
  "  dolphinscheduler: { project: dw, green_list: [etl_smoke], poll_seconds: 1 }",
  "verify:",
  "  workflows:",
  "    - name: etl_smoke",
  "      params: { dt: '2026-12-03' }",
  "",
].join("\n");

async function freshClone(name: string): Promise<string> {
  const origin = join(scratch.dir, `${name}-origin`);
  mkdirSync(join(origin, "src"), { recursive: true });
  mkdirSync(join(origin, ".github"));
  const { version } = createRequire(import.meta.url)("prettier/package.json") as { version: string };
  const manifest = { name: "app", version: "1.0.0", private: true, devDependencies: { prettier: version } };
  writeFileSync(join(origin, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(join(origin, ".gitignore"), "node_modules\n");
  writeFileSync(join(origin, ".github", "xihe.yml"), xiheYml);
  writeFileSync(join(origin, "src", "a.js"), "const   x = {a:1}\nexport default x\n");
  const npmEnv = { npm_config_registry: registry.url, npm_config_cache: join(scratch.dir, "npm-cache") };
  await execa("npm", ["install", "--package-lock-only", "--ignore-scripts", "--no-audit", "--no-fund"], {
    cwd: origin,
    env: npmEnv,
  });
  const git = (args: string[], cwd = origin) => execa("git", args, { cwd });
  await git(["init", "-q", "-b", "main"]);
  await git(["add", "-A"]);
  await git(["-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-qm", "init"]);
  const clone = join(scratch.dir, `${name}-clone`);
  await git(["clone", "-q", origin, clone], scratch.dir);
  return clone;
}

async function serve(plans: InstancePlan[]): Promise<FakeDolphinScheduler> {
  ds = await startFakeDolphinScheduler({
    token,
    project: "dw",
    workflows: [{ name: "etl_smoke", code: 1001, plans }],
  });
  return ds;
}

const fix = (clone: string, server: FakeDolphinScheduler, extra: string[] = []) =>
  execa(process.execPath, ["bin/xihe.js", "fix", "--repo", clone, "--no-llm", ...extra], {
    reject: false,
    env: {
      XIHE_STORE: join(scratch.dir, `${clone.split("/").pop()}.db`),
      npm_config_registry: registry.url,
      npm_config_userconfig: join(scratch.dir, "no-user-npmrc"),
      XIHE_DOLPHINSCHEDULER_URL: server.baseUrl,
      XIHE_DOLPHINSCHEDULER_TOKEN: token,
    },
  });

const fixBranches = async (clone: string) =>
  (await execa("git", ["branch", "--list", "xihe/fix-*", "--format=%(refname:short)"], { cwd: clone }))
    .stdout;

describe("xihe fix with verify.workflows", () => {
  it("starts the configured workflow once the fix passes its own check, and lists its result in the verification evidence", async () => {
    const clone = await freshClone("ok");
    const server = await serve([{ states: ["SUBMITTED_SUCCESS", "RUNNING_EXECUTION", "SUCCESS"] }]);
    const result = await fix(clone, server);
    expect(result.stderr).toBe("");
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/: FIXED$/m);
    const verification = result.stdout.slice(result.stdout.indexOf("Verification"));
    expect(verification).toMatch(
      /\$ npx prettier --check src {2}exit 1 → 0 {2}ok\n {2}DolphinScheduler workflow etl_smoke: SUCCESS \(instance 100\) {2}ok/,
    );
    expect(server.starts).toHaveLength(1);
    const startParams = JSON.parse(server.starts[0]!.startParams!) as Record<string, string>;
    expect(startParams).toMatchObject({
      dt: "2026-12-03",
      xihe_run_key: expect.stringMatching(/verify:etl_smoke\/1$/),
    });
  }, 300_000);

  it("reports the fix NOT FIXED when the verification workflow fails, naming the failed task", async () => {
    const clone = await freshClone("failing");
    const server = await serve([
      {
        states: ["RUNNING_EXECUTION", "FAILURE"],
        tasks: [
          {
            name: "load_orders",
            state: "FAILURE",
            log: "[ERROR] java.sql.SQLSyntaxErrorException: Table 'dw.orders_v2' doesn't exist",
          },
        ],
      },
    ]);
    const result = await fix(clone, server, ["--json"]);
    expect(result.exitCode).toBe(1);
    const outcome = JSON.parse(result.stdout) as {
      status: string;
      reason: string;
      commits: unknown[];
      workflows: unknown[];
      verdict: { commands: { passed: boolean }[] };
    };
    expect(outcome.status).toBe("gave_up");
    expect(outcome.reason).toBe(
      "the change passes its own checks, but verification workflow etl_smoke failed (instance 100): permanent missing_table in load_orders; a permanent failure (missing_table): a retry would fail the same way",
    );
    expect(outcome.verdict.commands.every((c) => c.passed)).toBe(true);
    expect(outcome.workflows).toEqual([
      {
        name: "etl_smoke",
        status: "failed",
        instanceId: 100,
        state: "FAILURE",
        summary: expect.stringContaining("permanent missing_table in load_orders"),
      },
    ]);
    // Not retried (permanent) and the fix itself is kept for a person to look at.
    expect(server.starts).toHaveLength(1);
    expect(outcome.commits.length).toBeGreaterThan(0);
    expect(await fixBranches(clone)).toMatch(/^xihe\/fix-/);
  }, 300_000);
});
