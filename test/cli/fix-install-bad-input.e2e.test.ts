// `xihe fix` through bin/ when the install phase cannot succeed: each case ends with a message that
// says what was wrong and what to do, exit 1, and no fix branch. Packages come from a local registry
// speaking npm's protocol (no outside registry); the disk-full case installs into a small tmpfs.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeScratchDir } from "../support/scratch-dir.ts";
import {
  packPackage,
  startFakeNpmRegistry,
  isolatedNpmEnv,
  type FakeNpmRegistry,
} from "../workspace/support/fake-npm-registry.ts";

const prettierDir = dirname(createRequire(import.meta.url).resolve("prettier/package.json"));
const { version } = createRequire(import.meta.url)("prettier/package.json") as { version: string };
let registry: FakeNpmRegistry;
let scratch: ReturnType<typeof makeScratchDir>;
let cases = 0;

beforeAll(async () => {
  scratch = makeScratchDir("fix-install-bad");
  mkdirSync(join(scratch.dir, "packs"));
  registry = await startFakeNpmRegistry([await packPackage(prettierDir, join(scratch.dir, "packs"))]);
}, 120_000);
afterAll(async () => {
  await registry.close();
  scratch.remove();
});

const npmEnv = () => isolatedNpmEnv(registry.url, scratch.dir);

/** A committed repository with `files`; `lock` runs npm's own lockfile writer first. */
async function makeRepo(files: Record<string, string>, o: { lock?: boolean; dir?: string } = {}) {
  cases += 1;
  const root = o.dir ?? join(scratch.dir, `repo-${cases}`);
  for (const [path, text] of Object.entries({ ".gitignore": "node_modules\n", ...files })) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  if (o.lock)
    await execa("npm", ["install", "--package-lock-only", "--ignore-scripts", "--no-audit", "--no-fund"], {
      cwd: root,
      env: npmEnv(),
    });
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.invalid", ...args], {
      cwd: root,
      encoding: "utf8",
    });
  git("init", "-q", "-b", "main");
  git("add", "-A");
  git("commit", "-qm", "init");
  return { root, branches: () => git("branch", "--list", "xihe/*").trim() };
}

function commitAll(root: string, message: string): void {
  execFileSync(
    "git",
    ["-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-qam", message],
    {
      cwd: root,
    },
  );
}

async function xiheFix(root: string) {
  return execa(process.execPath, ["bin/xihe.js", "fix", "--repo", root, "--no-llm"], {
    reject: false,
    env: { XIHE_STORE: join(scratch.dir, `xihe-${cases}.db`), ...npmEnv() },
  });
}

const manifest = (deps: Record<string, string>) =>
  `${JSON.stringify({ name: "app", version: "1.0.0", private: true, devDependencies: deps }, null, 2)}\n`;
const lintConfig = 'commands:\n  lint: ["npx prettier --check src"]\n';

describe("xihe fix when the dependencies cannot be installed", () => {
  it("a lockfile out of sync with package.json: says so, never rewrites it, no branch", async () => {
    const repo = await makeRepo(
      { "package.json": manifest({}), ".github/xihe.yml": lintConfig, "src/a.js": "x\n" },
      { lock: true },
    );
    // The manifest gains a dependency (one the registry has) without the lockfile: `npm ci` refuses.
    writeFileSync(join(repo.root, "package.json"), manifest({ prettier: version }));
    commitAll(repo.root, "add prettier");
    const lockBefore = readFileSync(join(repo.root, "package-lock.json"), "utf8");
    const result = await xiheFix(repo.root);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain("NEEDS YOUR INPUT");
    expect(result.stdout).toContain("install failed (lockfile_out_of_sync): the lockfile does not match");
    expect(result.stdout).toContain("Xihe never rewrites a lockfile");
    expect(readFileSync(join(repo.root, "package-lock.json"), "utf8")).toBe(lockBefore);
    expect(repo.branches()).toBe("");
  }, 120_000);

  it("an install command that exits non-zero: names the command and its exit code, no branch", async () => {
    const repo = await makeRepo({
      ".github/xihe.yml": `commands:\n  install: ["node install.js"]\n  test: ["node -e 0"]\n`,
      "install.js":
        "console.log('resolving');\nconsole.error('token ghp_0123456789abcdefghijklmnopqrstuvwxyz0');\nconsole.error('cannot build native module');\nprocess.exit(3);\n",
    });
    const result = await xiheFix(repo.root);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain("install failed (install_failed): `node install.js` exited 3");
    expect(result.stdout).toContain("$ node install.js  → exit 3");
    // The tool's own last lines say why (stderr, redacted when the sandbox captured it).
    expect(result.stdout).toContain("  its last output:\n");
    expect(result.stdout).toContain("  | cannot build native module\n");
    expect(result.stdout).not.toContain("ghp_0123456789");
    expect(result.stdout).not.toContain("| resolving");
    expect(repo.branches()).toBe("");
  }, 60_000);

  it("an install that reaches a host that is not a registry: blocked, listed, and the setting named", async () => {
    const repo = await makeRepo(
      { "package.json": manifest({ prettier: version }), ".github/xihe.yml": lintConfig, "src/a.js": "x\n" },
      { lock: true },
    );
    // The lockfile sends the tarball download to another host (as a tampered lockfile would).
    const lockPath = join(repo.root, "package-lock.json");
    const lock = JSON.parse(readFileSync(lockPath, "utf8")) as {
      packages: Record<string, { resolved?: string }>;
    };
    lock.packages["node_modules/prettier"]!.resolved = `http://tarballs.example.test/prettier-${version}.tgz`;
    writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
    commitAll(repo.root, "lock: tarballs elsewhere");
    const result = await xiheFix(repo.root);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain("install failed (registry_blocked)");
    expect(result.stdout).toContain("blocked: tarballs.example.test:80");
    expect(result.stdout).toContain("add its URL to sandbox.registries");
    expect(repo.branches()).toBe("");
  }, 180_000);

  it("an install that hangs: stopped at sandbox.command_timeout_seconds, the key to raise named", async () => {
    const repo = await makeRepo({
      ".github/xihe.yml": `sandbox:\n  command_timeout_seconds: 5\ncommands:\n  install: ["node hang.js"]\n  test: ["node -e 0"]\n`,
      "hang.js": "setInterval(() => {}, 1000);\n",
    });
    const result = await xiheFix(repo.root);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain("install failed (install_timed_out)");
    expect(result.stdout).toContain("raise sandbox.command_timeout_seconds");
    // The install step itself was stopped at the 5 s timeout (the run's wall time depends on the host).
    const seconds = Number(/\$ node hang\.js {2}→ exit null \((\d+(?:\.\d+)?) s\)/.exec(result.stdout)?.[1]);
    expect(seconds).toBeGreaterThanOrEqual(5);
    expect(seconds).toBeLessThan(30);
    expect(repo.branches()).toBe("");
  }, 300_000);

  it("a disk that fills up during the install: says so, no branch", async () => {
    // Never skipped: without root there is no small file system to fill (CI runs as root).
    if (process.getuid?.() !== 0)
      throw new Error(
        "this test mounts an 8 MB tmpfs to fill and needs root: run the suite as root, as CI does",
      );
    const dir = join(scratch.dir, "small-disk");
    mkdirSync(dir);
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=8m", "tmpfs", dir]);
    try {
      const repo = await makeRepo(
        {
          ".github/xihe.yml": `commands:\n  install: ["node fill.js"]\n  test: ["node -e 0"]\n`,
          "fill.js":
            "const fs = require('node:fs');\nfs.writeFileSync('deps.bin', Buffer.alloc(32 << 20, 1));\n",
        },
        { dir },
      );
      const result = await xiheFix(repo.root);
      expect(result.exitCode).toBe(1);
      expect(result.stdout).toContain("install failed (disk_full): the disk filled up during `node fill.js`");
      expect(repo.branches()).toBe("");
    } finally {
      execFileSync("umount", ["-l", dir]);
    }
  }, 300_000);
});
