// `xihe upgrade` through bin/ on bad input: each a clear message, and nothing reaches the user's
// checkout (no xihe/deps/* branch). Registry: a local server speaking npm's protocol.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeScratchDir } from "../support/scratch-dir.ts";
import {
  packPackage,
  startFakeNpmRegistry,
  isolatedNpmEnv,
  type FakeNpmRegistry,
  type PackedPackage,
} from "../workspace/support/fake-npm-registry.ts";

let scratch: ReturnType<typeof makeScratchDir>;
let registry: FakeNpmRegistry;
const served: PackedPackage[] = [];
let projects = 0;

async function pack(name: string, version: string, extra: Record<string, unknown> = {}) {
  const dir = join(scratch.dir, "src", `${name}-${version}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name, version, main: "index.js", ...extra }));
  writeFileSync(join(dir, "index.js"), "exports.ok = true;\n");
  return packPackage(dir, join(scratch.dir, "packs"));
}

beforeAll(async () => {
  scratch = makeScratchDir("upgrade-bad");
  mkdirSync(join(scratch.dir, "packs"));
  registry = await startFakeNpmRegistry(served);
  served.push(await pack("brittle", "1.0.0"), await pack("sturdy", "1.0.0"));
}, 120_000);
afterAll(async () => {
  await registry.close();
  scratch.remove();
});

const npmEnv = () => isolatedNpmEnv(registry.url, scratch.dir);

async function project(dependencies: Record<string, string>, files: Record<string, string> = {}) {
  const root = join(scratch.dir, `project-${++projects}`);
  mkdirSync(join(root, ".github"), { recursive: true });
  const manifest = { name: "app", version: "1.0.0", private: true, dependencies };
  writeFileSync(join(root, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(join(root, ".gitignore"), "node_modules\n");
  writeFileSync(join(root, ".github", "xihe.yml"), 'commands:\n  test: ["node -e 0"]\n');
  await execa("npm", ["install", "--package-lock-only", "--ignore-scripts", "--no-audit", "--no-fund"], {
    cwd: root,
    env: npmEnv(),
  });
  for (const [path, text] of Object.entries(files)) writeFileSync(join(root, path), text);
  const git = (...args: string[]) => execa("git", args, { cwd: root });
  await git("init", "-q", "-b", "main");
  await git("add", "-A");
  await git("-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-qm", "init");
  return root;
}

function xihe(root: string, args: string[]) {
  return execa(process.execPath, ["bin/xihe.js", "upgrade", "--repo", root, ...args], {
    reject: false,
    env: { XIHE_STORE: join(scratch.dir, "xihe.db"), XIHE_WORK_DIR: join(scratch.dir, "work"), ...npmEnv() },
  });
}

const upgradeBranches = async (root: string) =>
  (await execa("git", ["branch", "--list", "xihe/*"], { cwd: root })).stdout.trim();

describe("xihe upgrade on bad input", () => {
  it("refuses an unknown manager and an --only that names no dependency, with exit 2", async () => {
    const root = await project({ sturdy: "^1.0.0" });
    const manager = await xihe(root, ["--manager", "cargo"]);
    expect(manager.exitCode).toBe(2);
    expect(manager.stderr).toContain('--manager must be npm or pip; got "cargo"');
    const only = await xihe(root, ["--only", "ghost", "--dry-run"]);
    expect(only.exitCode).toBe(2);
    expect(only.stderr).toContain("--only ghost: not a direct dependency in package.json");
  }, 300_000);

  it("names a malformed lockfile and stops before asking the registry", async () => {
    const root = await project(
      { sturdy: "^1.0.0" },
      { "package-lock.json": '{"lockfileVersion": 3, "packages": ' },
    );
    registry.requests.length = 0;
    const result = await xihe(root, []);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/xihe: package-lock\.json is not valid JSON \(.+\); fix or regenerate it/);
    expect(registry.requests).toEqual([]);
  }, 120_000);

  it("stops on a registry 404 with the package and registry named, and pushes nothing", async () => {
    const root = await project({ sturdy: "^1.0.0" });
    writeFileSync(
      join(root, "package.json"),
      JSON.stringify({ name: "app", dependencies: { sturdy: "^1.0.0", ghost: "^1.0.0" } }),
    );
    await execa(
      "git",
      ["-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-qam", "ghost"],
      { cwd: root },
    );
    const result = await xihe(root, []);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain(
      `xihe: registry answered 404 (no such package) while reading ghost from ${registry.url}`,
    );
    expect(await upgradeBranches(root)).toBe("");
  }, 120_000);

  it("reports a version that fails to install as not applied, warns about an ignore rule that matches nothing", async () => {
    const root = await project(
      { brittle: "^1.0.0" },
      { ".github/xihe.yml": 'commands:\n  test: ["node -e 0"]\ndeps:\n  ignore: ["left-pad"]\n' },
    );
    served.push(await pack("brittle", "1.1.0", { dependencies: { "absent-dependency": "^1.0.0" } }));
    const result = await xihe(root, []);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain(
      'warning: deps.ignore: "left-pad" matches no direct dependency; remove or correct it',
    );
    expect(result.stdout).toMatch(
      /^xihe\/deps\/minor-patch: NOT APPLIED\n {2}the lockfile update did not run: /m,
    );
    expect(await upgradeBranches(root)).toBe("");
  }, 300_000);

  it("A28: a checkout .npmrc pointing at another registry is never asked, and the lockfile update is refused", async () => {
    const hostile: string[] = [];
    const server = createServer((req, res) => {
      hostile.push(req.url ?? "");
      res.writeHead(500).end();
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.2", r));
    const evil = `http://127.0.0.2:${(server.address() as AddressInfo).port}/`;
    try {
      const root = await project({ sturdy: "^1.0.0" }, { ".npmrc": `registry=${evil}\n` });
      served.push(await pack("sturdy", "1.0.1"));
      const dry = await xihe(root, ["--dry-run"]);
      expect(dry.exitCode).toBe(0);
      expect(dry.stdout).toContain("sturdy 1.0.0 -> 1.0.1 (patch; ^1.0.0 -> ^1.0.1)");
      const run = await xihe(root, []);
      expect(run.exitCode).toBe(1);
      expect(run.stdout).toMatch(
        /NOT APPLIED\n {2}the lockfile update did not run: untrusted_registry: \.npmrc points the install at "127\.0\.0\.2"/,
      );
      expect(hostile).toEqual([]);
      expect(await upgradeBranches(root)).toBe("");
    } finally {
      await new Promise((r) => server.close(r));
    }
  }, 300_000);
});
