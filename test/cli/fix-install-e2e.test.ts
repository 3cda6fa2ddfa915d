// `xihe fix --no-llm` through bin/ on a fresh clone that has a lockfile and no node_modules: the
// install phase installs the real prettier (packed from this project's own copy and served by a local
// registry that speaks npm's protocol, so no outside registry is needed), the failure reproduces,
// the deterministic fixer fixes it, and verification passes.
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeScratchDir } from "../support/scratch-dir.ts";
import {
  packPackage,
  startFakeNpmRegistry,
  type FakeNpmRegistry,
} from "../workspace/support/fake-npm-registry.ts";

const prettierDir = dirname(createRequire(import.meta.url).resolve("prettier/package.json"));
let registry: FakeNpmRegistry;
let scratch: ReturnType<typeof makeScratchDir>;

beforeAll(async () => {
  scratch = makeScratchDir("fix-install");
  mkdirSync(join(scratch.dir, "packs"));
  registry = await startFakeNpmRegistry([await packPackage(prettierDir, join(scratch.dir, "packs"))]);
}, 120_000);
afterAll(async () => {
  await registry.close();
  scratch.remove();
});

async function freshClone(): Promise<string> {
  const origin = join(scratch.dir, "origin");
  mkdirSync(join(origin, "src"), { recursive: true });
  mkdirSync(join(origin, ".github"));
  const { version } = createRequire(import.meta.url)("prettier/package.json") as { version: string };
  const manifest = { name: "app", version: "1.0.0", private: true, devDependencies: { prettier: version } };
  writeFileSync(join(origin, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(join(origin, ".gitignore"), "node_modules\n");
  writeFileSync(join(origin, ".github", "xihe.yml"), 'commands:\n  lint: ["npx prettier --check src"]\n');
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
  const clone = join(scratch.dir, "clone");
  await git(["clone", "-q", origin, clone], scratch.dir);
  registry.requests.length = 0;
  return clone;
}

describe("xihe fix on a fresh clone with a lockfile and no node_modules", () => {
  it("installs through the registry proxy, reproduces the prettier failure, fixes and verifies it", async () => {
    const clone = await freshClone();
    const started = Date.now();
    const result = await execa(process.execPath, ["bin/xihe.js", "fix", "--repo", clone, "--no-llm"], {
      reject: false,
      env: {
        XIHE_STORE: join(scratch.dir, "xihe.db"),
        // The App's own npm configuration: the only place the install's registry comes from.
        npm_config_registry: registry.url,
        npm_config_userconfig: join(scratch.dir, "no-user-npmrc"),
      },
    });
    const seconds = (Date.now() - started) / 1000;
    console.log(`xihe fix --no-llm on a fresh clone: ${seconds.toFixed(1)} s wall\n${result.stdout}`);
    expect(result.stderr).toBe("");
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^Install \(npm\): installed/m);
    expect(result.stdout).toContain("$ npm ci --ignore-scripts --no-audit --no-fund  → exit 0");
    expect(result.stdout).toContain(`via proxy: 127.0.0.1:${registry.port}`);
    expect(result.stdout).not.toContain("blocked:");
    expect(result.stdout).toMatch(/: FIXED$/m);
    expect(result.stdout).toContain("$ npx prettier --check src  → exit 1");
    expect(result.stdout).toContain("$ npx prettier --check src  exit 1 → 0  ok");
    expect(registry.requests.some((r) => r.endsWith(".tgz"))).toBe(true);
  }, 300_000);
});
