// isInstallFresh decides whether a checkout's node_modules already is what its lockfile pins (then
// the install phase skips). Checked against real npm installs from a local registry: every lockfile
// change `npm install --package-lock-only` can make must count as "not fresh".
import { mkdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isInstallFresh } from "../../../src/workspace/install/install-freshness.ts";
import { makeScratchDir } from "../../support/scratch-dir.ts";
import {
  isolatedNpmEnv,
  packPackage,
  startFakeNpmRegistry,
  type FakeNpmRegistry,
} from "../support/fake-npm-registry.ts";

let scratch: ReturnType<typeof makeScratchDir>;
let registry: FakeNpmRegistry;
let cases = 0;

async function tinyPackage(name: string, version: string) {
  const dir = join(scratch.dir, "src", `${name}-${version}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name, version, main: "index.js" }));
  writeFileSync(join(dir, "index.js"), `module.exports = ${JSON.stringify(`${name}@${version}`)};\n`);
  return packPackage(dir, join(scratch.dir, "packs"));
}

beforeAll(async () => {
  scratch = makeScratchDir("freshness");
  mkdirSync(join(scratch.dir, "packs"));
  registry = await startFakeNpmRegistry([
    await tinyPackage("dep-a", "1.0.0"),
    await tinyPackage("dep-a", "1.1.0"),
    await tinyPackage("dep-b", "1.0.0"),
  ]);
}, 60_000);
afterAll(async () => {
  await registry.close();
  scratch.remove();
});

/** A project installed with real npm from `deps`; returns helpers to change it the way users do. */
async function installedProject(deps: Record<string, string>) {
  cases += 1;
  const root = join(scratch.dir, `project-${cases}`);
  mkdirSync(root);
  const manifest = (d: Record<string, string>) =>
    writeFileSync(
      join(root, "package.json"),
      JSON.stringify({ name: "p", version: "1.0.0", dependencies: d }),
    );
  const npm = (...args: string[]) =>
    execa("npm", [...args, "--ignore-scripts", "--no-audit", "--no-fund"], {
      cwd: root,
      env: isolatedNpmEnv(registry.url, scratch.dir),
    });
  manifest(deps);
  await npm("install");
  return { root, manifest, npm };
}

describe("isInstallFresh (npm) after npm install --package-lock-only", () => {
  it("a fresh install is fresh, and a lockfile rewrite that changes nothing keeps it fresh", async () => {
    const p = await installedProject({ "dep-a": "1.0.0" });
    expect(isInstallFresh(p.root, "npm")).toBe(true);
    await p.npm("install", "--package-lock-only");
    expect(isInstallFresh(p.root, "npm")).toBe(true);
  }, 60_000);

  it("a version bump only in the lockfile is not fresh", async () => {
    const p = await installedProject({ "dep-a": "1.0.0" });
    p.manifest({ "dep-a": "1.1.0" });
    await p.npm("install", "--package-lock-only");
    expect(readFileSync(join(p.root, "node_modules", "dep-a", "package.json"), "utf8")).toContain("1.0.0");
    expect(isInstallFresh(p.root, "npm")).toBe(false);
  }, 60_000);

  it("a dependency added or removed only in the lockfile is not fresh", async () => {
    const added = await installedProject({ "dep-a": "1.0.0" });
    await added.npm("install", "--package-lock-only", "dep-b@1.0.0");
    expect(isInstallFresh(added.root, "npm")).toBe(false);
    const removed = await installedProject({ "dep-a": "1.0.0", "dep-b": "1.0.0" });
    removed.manifest({ "dep-a": "1.0.0" });
    await removed.npm("install", "--package-lock-only");
    expect(isInstallFresh(removed.root, "npm")).toBe(false);
  }, 60_000);
});

// pnpm is not installed here: the layouts are what pnpm 9.15 left, observed with a real install of
// a lockfile pinning one version the registry has and one it answers 404 for
// (ERR_PNPM_FETCH_404): the failed install leaves node_modules/.pnpm/<pkg>@<version> folders and
// no node_modules/.pnpm/lock.yaml or .modules.yaml; a completed one writes both.
describe("isInstallFresh (pnpm)", () => {
  function pnpmProject(completed: boolean) {
    cases += 1;
    const root = join(scratch.dir, `pnpm-${cases}`);
    mkdirSync(join(root, "node_modules", ".pnpm", "ms@2.1.3", "node_modules", "ms"), { recursive: true });
    writeFileSync(join(root, "pnpm-lock.yaml"), "lockfileVersion: '9.0'\n");
    if (completed) {
      writeFileSync(join(root, "node_modules", ".modules.yaml"), "layoutVersion: 5\n");
      writeFileSync(join(root, "node_modules", ".pnpm", "lock.yaml"), "lockfileVersion: '9.0'\n");
    }
    return root;
  }

  it("a completed install is fresh until the lockfile changes", () => {
    const root = pnpmProject(true);
    expect(isInstallFresh(root, "pnpm")).toBe(true);
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(root, "pnpm-lock.yaml"), later, later);
    expect(isInstallFresh(root, "pnpm")).toBe(false);
  });

  it("a failed install that left a node_modules newer than the lockfile is not fresh", () => {
    const root = pnpmProject(false);
    const earlier = new Date(Date.now() - 60_000);
    utimesSync(join(root, "pnpm-lock.yaml"), earlier, earlier);
    expect(isInstallFresh(root, "pnpm")).toBe(false);
  });
});

// yarn is not installed here either: layouts as yarn 1.22 and yarn 4.5 (node-modules linker) left
// them on real installs of a one-package project from the npm registry. A completed install writes
// node_modules/.yarn-integrity (1.x) or .yarn/install-state.gz (2+, for every linker, PnP included,
// where there is no node_modules at all); a fetch that failed (404) wrote neither and left an
// existing node_modules untouched.
describe("isInstallFresh (yarn)", () => {
  function yarnProject(files: readonly string[], lockAgeMs: number) {
    cases += 1;
    const root = join(scratch.dir, `yarn-${cases}`);
    mkdirSync(root);
    for (const file of files) {
      mkdirSync(join(root, file, ".."), { recursive: true });
      writeFileSync(join(root, file), "x\n");
    }
    writeFileSync(join(root, "yarn.lock"), "# yarn lockfile v1\n");
    const at = new Date(Date.now() - lockAgeMs);
    utimesSync(join(root, "yarn.lock"), at, at);
    return root;
  }

  it("yarn 1: fresh after a completed install, not when only node_modules is there", () => {
    expect(
      isInstallFresh(
        yarnProject(["node_modules/.yarn-integrity", "node_modules/ms/index.js"], 60_000),
        "yarn",
      ),
    ).toBe(true);
    expect(isInstallFresh(yarnProject(["node_modules/ms/index.js"], 60_000), "yarn")).toBe(false);
    expect(isInstallFresh(yarnProject(["node_modules/.yarn-integrity"], -60_000), "yarn")).toBe(false);
  });

  it("yarn 2+: a PnP install with no node_modules is fresh; a node_modules without the install state is not", () => {
    expect(isInstallFresh(yarnProject([".yarn/install-state.gz", ".pnp.cjs"], 60_000), "yarn-berry")).toBe(
      true,
    );
    expect(isInstallFresh(yarnProject(["node_modules/ms/index.js"], 60_000), "yarn-berry")).toBe(false);
  });
});
