import { randomUUID } from "node:crypto";
import { chmodSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { dependencyCacheKey } from "../../../src/workspace/install/dependency-cache-key.ts";
import {
  entryPath,
  readEntry,
  treeChecksum,
  type DependencyCacheLocation,
} from "../../../src/workspace/install/dependency-cache.ts";
import { runInstallPhase, type InstallPhaseDeps } from "../../../src/workspace/install/run-install-phase.ts";
import { createBwrapSandbox } from "../../../src/workspace/sandbox/bwrap-sandbox.ts";
import { detectSandboxSupport } from "../../../src/workspace/sandbox/sandbox-support.ts";
import { makeScratchDir } from "../../support/scratch-dir.ts";
import { packPackage, startFakeNpmRegistry, type FakeNpmRegistry } from "../support/fake-npm-registry.ts";

const support = detectSandboxSupport(randomUUID());
let registry: FakeNpmRegistry;
let scratch: ReturnType<typeof makeScratchDir>;
let project: string;

beforeAll(async () => {
  scratch = makeScratchDir("dep-cache");
  const pkg = join(scratch.dir, "tiny-pad");
  mkdirSync(pkg);
  writeFileSync(
    join(pkg, "package.json"),
    JSON.stringify({ name: "tiny-pad", version: "1.0.0", main: "index.js" }),
  );
  writeFileSync(join(pkg, "index.js"), "module.exports = (s, n) => String(s).padStart(n);\n");
  registry = await startFakeNpmRegistry([await packPackage(pkg, scratch.dir)]);
  // A project locked by really running npm against the fake registry; each run gets a fresh copy.
  project = join(scratch.dir, "project");
  mkdirSync(project);
  const manifest = { name: "app", version: "1.0.0", dependencies: { "tiny-pad": "1.0.0" } };
  writeFileSync(join(project, "package.json"), JSON.stringify(manifest, null, 2));
  await execa("npm", ["install", "--package-lock-only", "--ignore-scripts", "--no-audit", "--no-fund"], {
    cwd: project,
    env: { npm_config_registry: registry.url, npm_config_cache: join(scratch.dir, "npm-cache") },
  });
}, 120_000);
afterAll(async () => {
  await registry.close();
  scratch.remove();
});

let runDir: ReturnType<typeof makeScratchDir>;
let cacheDir: string;
beforeEach(() => {
  runDir = makeScratchDir("dep-cache-run");
  cacheDir = join(runDir.dir, "cache");
  registry.requests.length = 0;
});
afterEach(() => runDir.remove());

/** A fresh checkout of the project (as a new run's clone would be) and its install deps. */
function freshRun(name: string): {
  root: string;
  deps: InstallPhaseDeps & { cache: DependencyCacheLocation };
} {
  const root = join(runDir.dir, name);
  cpSync(project, root, { recursive: true });
  const proxyDir = join(runDir.dir, `${name}-proxy`);
  mkdirSync(proxyDir);
  chmodSync(proxyDir, 0o755);
  const sandbox = createBwrapSandbox({
    root,
    support,
    newId: randomUUID,
    now: Date.now,
    readOnlyDirs: [proxyDir],
  });
  return {
    root,
    deps: {
      sandbox,
      proxyDir,
      registries: async () => ({ allowedUrls: [registry.url], npmRegistry: registry.url }),
      cache: { dir: cacheDir, scope: "origin https://example.invalid/app.git" },
    },
  };
}

const options = { allowScripts: false, timeoutMs: 120_000 };

describe("the dependency cache", () => {
  it("A48 a second install on an unchanged lockfile is restored from the cache: no request reaches the registry", async () => {
    const first = freshRun("first");
    const stored = await runInstallPhase(first.deps, options);
    expect(stored).toMatchObject({ status: "installed", cache: { status: "stored" } });
    expect(registry.requests).toContain("GET /tiny-pad/-/tiny-pad-1.0.0.tgz");
    registry.requests.length = 0;
    const second = freshRun("second");
    const restored = await runInstallPhase(second.deps, options);
    expect(restored).toMatchObject({ status: "installed", manager: "npm", cache: { status: "hit" } });
    expect(restored.reason).toMatch(/restored node_modules from the dependency cache/);
    expect(restored.steps).toEqual([]);
    expect(registry.requests).toEqual([]);
    expect(readFileSync(join(second.root, "node_modules", "tiny-pad", "index.js"), "utf8")).toContain(
      "padStart",
    );
    // The restored tree is a real install: the test phase's node resolves it.
    const use = await second.deps.sandbox.run(["node", "-e", "console.log(require('tiny-pad')('x', 3))"]);
    expect(use).toMatchObject({ exitCode: 0, stdout: "  x\n" });
  }, 120_000);

  it("A48 code in the sandbox cannot write the cache: its copy is private and the entry is out of reach", async () => {
    const first = freshRun("first");
    const stored = await runInstallPhase(first.deps, options);
    const key = stored.cache.key ?? "";
    const entry = entryPath(first.deps.cache, key);
    const before = readEntry(entry)?.checksum;
    expect(before).toBe(treeChecksum(join(entry, "tree")));
    const second = freshRun("second");
    expect((await runInstallPhase(second.deps, options)).cache.status).toBe("hit");
    // The PR's test rewrites its installed dependency in place (through any hard link) and then
    // tries the cache itself.
    const target = join(entry, "tree", "tiny-pad", "index.js");
    const attack = await second.deps.sandbox.run([
      "sh",
      "-c",
      `echo pwned > node_modules/tiny-pad/index.js && echo pwned > '${target}'`,
    ]);
    expect(attack.exitCode).not.toBe(0);
    expect(attack.stderr).toMatch(
      /No such file or directory|Directory nonexistent|Read-only|Permission denied/,
    );
    expect(readFileSync(join(second.root, "node_modules", "tiny-pad", "index.js"), "utf8")).toBe("pwned\n");
    expect(treeChecksum(join(entry, "tree"))).toBe(before);
    const third = freshRun("third");
    expect((await runInstallPhase(third.deps, options)).cache.status).toBe("hit");
    expect(readFileSync(join(third.root, "node_modules", "tiny-pad", "index.js"), "utf8")).toContain(
      "padStart",
    );
  }, 120_000);

  it("A48 never stores an install that ran install scripts or a configured install command", async () => {
    const scripted = freshRun("scripted");
    const withScripts = await runInstallPhase(scripted.deps, { ...options, allowScripts: true });
    expect(withScripts).toMatchObject({ status: "installed", cache: { status: "off", key: null } });
    expect(withScripts.cache.reason).toMatch(/install scripts/);
    const configured = freshRun("configured");
    const custom = await runInstallPhase(configured.deps, {
      ...options,
      configured: ["npm ci --ignore-scripts"],
    });
    expect(custom.cache).toMatchObject({ status: "off", reason: expect.stringMatching(/commands\.install/) });
    rmSync(join(scripted.root, "node_modules"), { recursive: true });
    registry.requests.length = 0;
    const again = await runInstallPhase(freshRun("again").deps, options);
    expect(again.cache.status).toBe("stored");
    expect(registry.requests).toContain("GET /tiny-pad/-/tiny-pad-1.0.0.tgz");
  }, 120_000);

  it("A48 refuses a cache directory inside the workspace, where the repository's code could write it", async () => {
    const run = freshRun("inside");
    const evidence = await runInstallPhase(
      { ...run.deps, cache: { dir: join(run.root, ".xihe", "cache"), scope: "x" } },
      options,
    );
    expect(evidence).toMatchObject({ status: "installed", cache: { status: "off" } });
    expect(evidence.cache.reason).toMatch(/inside the workspace/);
  }, 120_000);
});

describe("dependencyCacheKey", () => {
  const base = { manager: "npm", steps: [["npm", "ci"]], allowScripts: false, env: {}, runtime: "node 20" };
  const withFiles = (files: Record<string, string>): string => {
    const root = join(runDir.dir, "key");
    mkdirSync(root, { recursive: true });
    for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
    return root;
  };

  it("changes with the lockfile, the manifest, .npmrc and the runtime, and nothing else", () => {
    const root = withFiles({ "package.json": "{}", "package-lock.json": '{"a":1}', "README.md": "x" });
    const key = (over: Partial<typeof base> = {}) => {
      const k = dependencyCacheKey({ ...base, ...over, root });
      return k.ok ? k.key : k.reason;
    };
    const original = key();
    writeFileSync(join(root, "README.md"), "changed");
    expect(key()).toBe(original);
    expect(key({ runtime: "node 22" })).not.toBe(original);
    writeFileSync(join(root, ".npmrc"), "omit=dev\n");
    expect(key()).not.toBe(original);
  });

  it("A48 refuses lockfiles with dependencies from the checkout or a git host", () => {
    const local = withFiles({
      "package.json": "{}",
      "package-lock.json": '{"packages":{"node_modules/x":{"resolved":"file:../x","link":true}}}',
    });
    expect(dependencyCacheKey({ ...base, root: local })).toMatchObject({ ok: false });
    const reqs = withFiles({ "requirements.txt": "tinydep==1.0\n-e ./local\n" });
    const pip = dependencyCacheKey({ ...base, manager: "pip", root: reqs });
    expect(pip).toMatchObject({ ok: false, reason: expect.stringContaining("-e ./local") });
    writeFileSync(
      join(reqs, "requirements.txt"),
      "tinydep==1.0 --hash=sha256:abc\npytest>=8 ; python_version > '3.8'\n",
    );
    expect(dependencyCacheKey({ ...base, manager: "pip", root: reqs })).toMatchObject({
      ok: true,
      dir: ".venv",
    });
  });

  it("refuses a yarn 1 install that would run the repository's own yarn", () => {
    const root = join(runDir.dir, "yarn-key");
    mkdirSync(join(root, "node_modules", ".bin"), { recursive: true });
    writeFileSync(join(root, "package.json"), "{}");
    writeFileSync(join(root, "yarn.lock"), "# yarn lockfile v1\n");
    const yarn = { ...base, manager: "yarn", steps: [["yarn", "install"]], root };
    expect(dependencyCacheKey(yarn)).toMatchObject({ ok: true, dir: "node_modules" });
    // A committed node_modules/.bin/yarn is what `npm exec --package=yarn@…` would run.
    writeFileSync(join(root, "node_modules", ".bin", "yarn"), "#!/bin/sh\n");
    expect(dependencyCacheKey(yarn)).toMatchObject({
      ok: false,
      reason: expect.stringContaining("its own yarn"),
    });
  });

  it("refuses a pnpm install that would run the repository's own pnpm or pnpmfile", () => {
    const root = join(runDir.dir, "pnpm-key");
    mkdirSync(join(root, "node_modules", ".bin"), { recursive: true });
    writeFileSync(join(root, "package.json"), "{}");
    writeFileSync(join(root, "pnpm-lock.yaml"), "lockfileVersion: '9.0'\n");
    const pnpm = { ...base, manager: "pnpm", steps: [["pnpm", "install"]], root };
    expect(dependencyCacheKey(pnpm)).toMatchObject({ ok: true, dir: "node_modules" });
    // A committed node_modules/.bin/pnpm is what `npm exec --package=pnpm@…` would run.
    writeFileSync(join(root, "node_modules", ".bin", "pnpm"), "#!/bin/sh\n");
    expect(dependencyCacheKey(pnpm)).toMatchObject({
      ok: false,
      reason: expect.stringContaining("its own pnpm"),
    });
    rmSync(join(root, "node_modules", ".bin", "pnpm"));
    writeFileSync(join(root, ".npmrc"), "pnpmfile=./hooks.cjs\n");
    expect(dependencyCacheKey(pnpm)).toMatchObject({
      ok: false,
      reason: expect.stringContaining("pnpmfile"),
    });
  });
});
