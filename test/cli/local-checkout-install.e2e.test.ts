// The CLI on a user's own checkout that has a lockfile and no node_modules, through bin/: the install
// phase runs before anything of the project does (`xihe locate --run` as well as `xihe fix`), the
// dependency cache works when XIHE_WORK_DIR is the default relative path inside the checkout, and as
// root nothing the sandbox uid wrote stays the sandbox's in the user's checkout. Packages come from a
// local registry speaking npm's protocol (packed with the real `npm pack`).
import { execFileSync } from "node:child_process";
import { lstatSync, mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultSandboxUid } from "../../src/workspace/sandbox/sandbox-identity.ts";
import { makeScratchDir } from "../support/scratch-dir.ts";
import {
  isolatedNpmEnv,
  packPackage,
  startFakeNpmRegistry,
  type FakeNpmRegistry,
} from "../workspace/support/fake-npm-registry.ts";

const xiheBin = fileURLToPath(new URL("../../bin/xihe.js", import.meta.url));
const prettierDir = dirname(createRequire(import.meta.url).resolve("prettier/package.json"));
const { version: prettierVersion } = createRequire(import.meta.url)("prettier/package.json") as {
  version: string;
};
let registry: FakeNpmRegistry;
let scratch: ReturnType<typeof makeScratchDir>;

beforeAll(async () => {
  scratch = makeScratchDir("local-install");
  const packs = join(scratch.dir, "packs");
  const helper = join(scratch.dir, "cents-format");
  mkdirSync(packs);
  mkdirSync(helper);
  writeFileSync(join(helper, "package.json"), JSON.stringify({ name: "cents-format", version: "1.0.0" }));
  writeFileSync(join(helper, "index.js"), 'module.exports = (v) => "$" + v.toFixed(2);\n');
  registry = await startFakeNpmRegistry([
    await packPackage(helper, packs),
    await packPackage(prettierDir, packs),
  ]);
}, 120_000);
afterAll(async () => {
  await registry.close();
  scratch.remove();
});

const npmEnv = () => isolatedNpmEnv(registry.url, scratch.dir);
const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.invalid", ...args], {
    cwd,
    encoding: "utf8",
  });

/** An origin repository with `files` and npm's own lockfile (never node_modules), and a fresh clone of it. */
async function project(name: string, files: Record<string, string>) {
  const origin = join(scratch.dir, name, "origin");
  for (const [path, text] of Object.entries({ ".gitignore": "node_modules\n", ...files })) {
    mkdirSync(dirname(join(origin, path)), { recursive: true });
    writeFileSync(join(origin, path), text);
  }
  await execa("npm", ["install", "--ignore-scripts", "--no-audit", "--no-fund"], {
    cwd: origin,
    env: npmEnv(),
  });
  git(origin, "init", "-q", "-b", "main");
  git(origin, "add", "-A");
  git(origin, "commit", "-qm", "init");
  let clones = 0;
  return {
    origin,
    clone: () => {
      clones += 1;
      const dir = join(scratch.dir, name, `clone-${clones}`);
      git(scratch.dir, "clone", "-q", origin, dir);
      return dir;
    },
  };
}

/** What in the checkout is not its owner's (as root: anything the sandbox uid kept). */
function notOwnersFiles(root: string): string {
  const { uid, gid } = lstatSync(root);
  return execFileSync("find", [root, "(", "!", "-uid", String(uid), "-o", "!", "-gid", String(gid), ")"], {
    encoding: "utf8",
  }).trim();
}

function xihe(args: string[], o: { cwd?: string; env?: Record<string, string> } = {}) {
  return execa(process.execPath, [xiheBin, ...args], {
    reject: false,
    cwd: o.cwd,
    env: {
      XIHE_STORE: join(scratch.dir, "xihe.db"),
      XIHE_WORK_DIR: join(scratch.dir, "work"),
      // The user's npm configuration: the only place the install's registry comes from.
      npm_config_registry: registry.url,
      npm_config_userconfig: join(scratch.dir, "no-user-npmrc"),
      ...o.env,
    },
  });
}

const pricing = `import format from "cents-format";

export function applyDiscount(total, percent) {
  const off = (total * percent) / 100;
  return roundCents(total - off);
}

export function roundCents(value) {
  const cents = value * 100;
  if (Number.isInteger(cents)) return value;
  return Math.floor(cents) / 100;
}

export function formatPrice(value) {
  return format(value);
}
`;
const pricingTests = `import { test } from "node:test";
import assert from "node:assert/strict";
import { applyDiscount, formatPrice } from "../src/pricing.js";

test("applyDiscount takes ten percent off a round total", () => {
  assert.equal(applyDiscount(100, 10), 90);
});

test("applyDiscount takes fifteen percent off an odd total", () => {
  assert.equal(applyDiscount(3, 15), 2.55);
});

test("formatPrice shows two decimals", () => {
  assert.equal(formatPrice(3), "$3.00");
});
`;

describe("xihe locate --run on a fresh clone without node_modules", () => {
  it("installs the lockfile's dependencies first, so the failing test runs and its coverage singles out the helper", async () => {
    const shop = await project("shop", {
      "package.json": `${JSON.stringify({ name: "shop", type: "module", scripts: { test: "node --test" }, dependencies: { "cents-format": "1.0.0" } }, null, 2)}\n`,
      "src/pricing.js": pricing,
      "test/pricing.test.js": pricingTests,
    });
    // The CI log: the project's real test output, from the origin where its dependencies are installed.
    const ci = await execa(process.execPath, ["--test"], { cwd: shop.origin, reject: false, all: true });
    expect(ci.exitCode).toBe(1);
    const log = join(scratch.dir, "shop", "ci.log");
    writeFileSync(log, ci.all ?? "");
    const clone = shop.clone();
    registry.requests.length = 0;
    const result = await xihe(["locate", "--repo", clone, "--log", log, "--json", "--run", "node --test"]);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain(
      "install (npm): installed — installed with npm through the registry proxy",
    );
    expect(result.stderr).toContain("$ npm ci --ignore-scripts --no-audit --no-fund → exit 0");
    const json = JSON.parse(result.stdout) as {
      results: { file: string; symbol: string; why: string[] }[];
      dynamic: { status: string; install: { status: string; manager: string } };
    };
    expect(json.dynamic.install).toMatchObject({ status: "installed", manager: "npm" });
    expect(json.dynamic.status).toBe("ranked");
    // Only the failing test ran the helper's rounding line. (Per-test coverage also shows the
    // caller ran in a passing test; its static signals can still put it first, so the rank is not
    // asserted here: the coverage evidence is what the install made possible.)
    const helper = json.results.slice(0, 3).find((r) => r.symbol === "roundCents");
    expect(helper).toMatchObject({ file: "src/pricing.js" });
    expect(helper?.why).toContain("spectrum: ochiai 1.00: ran in 1/1 failing and 0/2 passing tests");
    expect(registry.requests).toContain("GET /cents-format/-/cents-format-1.0.0.tgz");
    expect(notOwnersFiles(clone)).toBe("");
  }, 180_000);
});

describe("xihe fix from inside a fresh clone, XIHE_WORK_DIR left at its relative default", () => {
  it("caches the install outside the checkout, restores it on the next clone, and leaves nothing of the sandbox's", async () => {
    const app = await project("app", {
      "package.json": `${JSON.stringify({ name: "app", version: "1.0.0", private: true, devDependencies: { prettier: prettierVersion } }, null, 2)}\n`,
      ".github/xihe.yml": 'commands:\n  lint: ["npx prettier --check src"]\n',
      "src/a.js": "const   x = {a:1}\nexport default x\n",
    });
    const home = join(scratch.dir, "home");
    mkdirSync(home);
    const env = { XIHE_WORK_DIR: ".xihe/work", HOME: home };
    const first = app.clone();
    const modeBefore = lstatSync(first).mode;
    const run1 = await xihe(["fix", "--no-llm"], { cwd: first, env });
    expect(run1.stderr).toBe("");
    expect(run1.exitCode).toBe(0);
    expect(run1.stdout).toMatch(/^Install \(npm\): installed/m);
    expect(run1.stdout).toContain("  dependency cache: stored — stored node_modules in the dependency cache");
    expect(run1.stdout).toContain(
      `is inside the checkout, where its code could write the cache; using ${join(home, ".cache", "xihe", "install-cache")}`,
    );
    expect(run1.stdout).toMatch(/: FIXED$/m);
    // Everything in the user's checkout is the user's again, and its top directory is as it was.
    expect(notOwnersFiles(first)).toBe("");
    expect(lstatSync(first).mode).toBe(modeBefore);
    if (process.getuid?.() === 0)
      expect(execFileSync("find", [first, "-uid", String(defaultSandboxUid)], { encoding: "utf8" })).toBe("");

    const second = app.clone();
    const run2 = await xihe(["fix", "--no-llm"], { cwd: second, env });
    expect(run2.exitCode).toBe(0);
    expect(run2.stdout).toContain(
      "  dependency cache: hit — restored node_modules from the dependency cache",
    );
    expect(run2.stdout).toMatch(/: FIXED$/m);
    expect(notOwnersFiles(second)).toBe("");
  }, 300_000);
});

describe("xihe sandbox on a user's checkout", () => {
  it("gives what the sandbox wrote back to the checkout's owner and restores the top directory", async () => {
    const repo = join(scratch.dir, "own", "checkout");
    mkdirSync(join(repo, "src"), { recursive: true });
    writeFileSync(join(repo, "src", "a.js"), "export {};\n");
    git(repo, "init", "-q", "-b", "main");
    const before = lstatSync(repo);
    const result = await xihe([
      "sandbox",
      "--repo",
      repo,
      "--",
      "/bin/sh",
      "-c",
      "mkdir -p node_modules/.cache && echo x > node_modules/.cache/f && echo y > src/a.js",
    ]);
    expect(result.exitCode).toBe(0);
    expect(notOwnersFiles(repo)).toBe("");
    const after = lstatSync(repo);
    expect({ mode: after.mode, uid: after.uid, gid: after.gid }).toEqual({
      mode: before.mode,
      uid: before.uid,
      gid: before.gid,
    });
  }, 60_000);
});
