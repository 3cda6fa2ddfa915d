// Ignore rules on the command line, through bin/: `xihe upgrade` honours the rules stored for the
// checkout's repository (the `owner/name` its origin names, the key the App's `/xihe ignore` uses,
// so a store shared with the App holds one set), and `xihe ignore` adds them. Registry: a local
// server speaking npm's protocol; dry runs, so nothing is installed.
import { cpSync, mkdirSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSqliteStore } from "../../src/store/sqlite-store.ts";
import type { UpgradePlan } from "../../src/verbs/upgrade/plan-updates.ts";
import { makeScratchDir } from "../support/scratch-dir.ts";
import {
  isolatedNpmEnv,
  packPackage,
  startFakeNpmRegistry,
  type FakeNpmRegistry,
  type PackedPackage,
} from "../workspace/support/fake-npm-registry.ts";

let scratch: ReturnType<typeof makeScratchDir>;
let registry: FakeNpmRegistry;
let root = "";
const served: PackedPackage[] = [];
const storePath = () => join(scratch.dir, "xihe.db");

async function pack(name: string, version: string) {
  const dir = join(scratch.dir, "src", `${name}-${version}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name, version, main: "index.js" }));
  writeFileSync(join(dir, "index.js"), "exports.ok = true;\n");
  served.push(await packPackage(dir, join(scratch.dir, "packs")));
}

const npmEnv = () => isolatedNpmEnv(registry.url, scratch.dir);

beforeAll(async () => {
  scratch = makeScratchDir("upgrade-ignore");
  mkdirSync(join(scratch.dir, "packs"));
  registry = await startFakeNpmRegistry(served);
  await pack("greet", "1.0.0");
  await pack("padder", "1.0.0");
  root = join(scratch.dir, "project");
  mkdirSync(join(root, ".github"), { recursive: true });
  const manifest = { name: "app", private: true, dependencies: { greet: "^1.0.0", padder: "^1.0.0" } };
  writeFileSync(join(root, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(join(root, ".github", "xihe.yml"), 'commands:\n  test: ["node -e 0"]\n');
  await execa("npm", ["install", "--package-lock-only", "--ignore-scripts", "--no-audit", "--no-fund"], {
    cwd: root,
    env: npmEnv(),
  });
  const git = (...args: string[]) => execa("git", args, { cwd: root });
  await git("init", "-q", "-b", "main");
  await git("add", "-A");
  await git("-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-qm", "init");
  // Never fetched: it only names the repository the rules belong to.
  await git("remote", "add", "origin", "git@github.com:acme/app.git");
  await pack("greet", "1.1.0");
  await pack("greet", "2.0.0");
  await pack("padder", "1.1.0");
}, 120_000);
afterAll(async () => {
  await registry.close();
  scratch.remove();
});

function xihe(args: string[], cwd = root) {
  return execa(process.execPath, [join(process.cwd(), "bin/xihe.js"), ...args], {
    reject: false,
    cwd,
    env: { XIHE_STORE: storePath(), XIHE_WORK_DIR: join(scratch.dir, "work"), USER: "dev", ...npmEnv() },
  });
}

async function dryRunPlan(cwd = root): Promise<UpgradePlan> {
  const result = await xihe(["upgrade", "--major", "--dry-run", "--json"], cwd);
  expect(result.exitCode, result.stderr).toBe(0);
  return (JSON.parse(result.stdout) as { plan: UpgradePlan }).plan;
}

const groupIds = (plan: UpgradePlan) => plan.groups.map((g) => g.id).sort();

describe("ignore rules on the command line", () => {
  it("honours a rule the App stored for the repository the checkout's origin names", async () => {
    expect(groupIds(await dryRunPlan())).toEqual(["greet-2", "minor-patch"]);
    // What the App's `/xihe ignore greet major` writes into a store the CLI shares.
    const store = openSqliteStore(storePath());
    await store.addUpgradeIgnore({
      repo: "acme/app",
      name: "greet",
      scope: "major",
      version: null,
      createdBy: "Codertocat",
      createdAt: "2026-12-04T20:00:00.000Z",
    });
    await store.close();
    const plan = await dryRunPlan();
    expect(groupIds(plan)).toEqual(["minor-patch"]);
    expect(plan.groups[0]!.updates.map((u) => `${u.name} ${u.to}`)).toEqual(["greet 1.1.0", "padder 1.1.0"]);
    expect(plan.skipped).toContainEqual({
      name: "greet",
      reason: "2.0.0 ignored by /xihe ignore greet major",
    });
  }, 120_000);

  it("xihe ignore adds rules under the same key, lists them, and upgrade warns about one that matches nothing", async () => {
    const added = await xihe(["ignore", "padder"]);
    expect(added.exitCode, added.stderr).toBe(0);
    expect(added.stdout).toBe("ignored for acme/app: padder all");
    expect((await xihe(["ignore", "left-pad", "1.3.0"])).exitCode).toBe(0);
    const list = await xihe(["ignore", "--list"]);
    expect(list.stdout.split("\n").filter((l) => l !== "")).toEqual([
      "greet major  (Codertocat, 2026-12-04T20:00:00.000Z)",
      expect.stringMatching(/^left-pad 1\.3\.0 {2}\(dev, /),
      expect.stringMatching(/^padder all {2}\(dev, /),
    ]);

    const text = await xihe(["upgrade", "--major", "--dry-run"]);
    expect(text.exitCode, text.stderr).toBe(0);
    expect(text.stdout).toContain("skipped padder: ignored by /xihe ignore");
    expect(text.stdout).toContain(
      "warning: /xihe ignore left-pad: not a direct dependency; the rule matches nothing",
    );
    expect(text.stdout).not.toMatch(/padder 1\.0\.0 -> 1\.1\.0/);
    expect(text.stdout).toMatch(/greet 1\.0\.0 -> 1\.1\.0/);
  }, 120_000);

  it("refuses a malformed rule with exit 2 and stores nothing; a checkout without a GitHub origin keeps its own rules", async () => {
    const bad = await xihe(["ignore", "greet", "sideways"]);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('"sideways" is neither major, minor nor a version');
    const store = openSqliteStore(storePath());
    expect((await store.listUpgradeIgnores("acme/app")).map((r) => r.name)).toEqual([
      "greet",
      "left-pad",
      "padder",
    ]);
    await store.close();

    const other = join(scratch.dir, "other");
    cpSync(root, other, { recursive: true });
    await execa("git", ["remote", "set-url", "origin", "https://example.invalid/acme/app.git"], {
      cwd: other,
    });
    expect(groupIds(await dryRunPlan(other))).toEqual(["greet-2", "minor-patch"]);
    expect((await xihe(["ignore", "greet"], other)).stdout).toBe(
      `ignored for ${realpathSync(other)}: greet all`,
    );
    expect(groupIds(await dryRunPlan(other))).toEqual(["minor-patch"]);
    expect(groupIds(await dryRunPlan())).toEqual(["minor-patch"]);
  }, 120_000);
});
