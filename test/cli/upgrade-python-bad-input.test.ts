// `xihe upgrade` through bin/ on bad Python input, against a local PEP 503/691 index on 127.0.0.1:
// each a clear message, and nothing reaches the user's checkout (no xihe/deps/* branch).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeScratchDir } from "../support/scratch-dir.ts";
import {
  buildWheel,
  startFakePythonIndex,
  type FakePythonIndex,
} from "../workspace/support/fake-python-index.ts";

let scratch: ReturnType<typeof makeScratchDir>;
let index: FakePythonIndex;
let projects = 0;

beforeAll(async () => {
  scratch = makeScratchDir("upgrade-python-bad");
  const wheels = join(scratch.dir, "wheels");
  mkdirSync(wheels);
  // brittle 1.1.0 exists only as an sdist: pip, wheels-only in the sandbox, cannot install it.
  const sdist = join(wheels, "brittle-1.1.0.tar.gz");
  writeFileSync(sdist, "not really a tarball");
  index = await startFakePythonIndex([
    await buildWheel(wheels, "brittle", "1.0.0", { "brittle/__init__.py": "OK = True\n" }),
    sdist,
  ]);
}, 120_000);
afterAll(async () => {
  await index?.close();
  scratch?.remove();
});

async function project(files: Record<string, string>) {
  const root = join(scratch.dir, `project-${++projects}`);
  mkdirSync(join(root, ".github"), { recursive: true });
  writeFileSync(join(root, ".gitignore"), ".venv\n");
  writeFileSync(
    join(root, ".github", "xihe.yml"),
    'commands:\n  test: [".venv/bin/python -c \\"import brittle\\""]\n',
  );
  for (const [path, text] of Object.entries(files)) writeFileSync(join(root, path), text);
  const git = (...args: string[]) => execa("git", args, { cwd: root });
  await git("init", "-q", "-b", "main");
  await git("add", "-A");
  await git("-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-qm", "init");
  return root;
}

function xihe(root: string, args: string[], indexUrl = index.url) {
  return execa(process.execPath, ["bin/xihe.js", "upgrade", "--repo", root, ...args], {
    reject: false,
    env: {
      XIHE_STORE: join(scratch.dir, "xihe.db"),
      XIHE_WORK_DIR: join(scratch.dir, "work"),
      PIP_INDEX_URL: indexUrl,
      PIP_CONFIG_FILE: "/dev/null",
    },
  });
}

const upgradeBranches = async (root: string) =>
  (await execa("git", ["branch", "--list", "xihe/*"], { cwd: root })).stdout.trim();

describe("xihe upgrade (pip) on bad input", () => {
  it("stops on an index 404 naming the project and the index, and on a 500 after retries", async () => {
    const root = await project({ "requirements.txt": "brittle==1.0.0\nghost==1.0.0\n" });
    const missing = await xihe(root, []);
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toContain(
      `xihe: index answered 404 (no such project) while reading ghost from ${index.url}; check the name in the requirements`,
    );
    const failing = createServer((req, res) => res.writeHead(503).end());
    await new Promise<void>((r) => failing.listen(0, "127.0.0.1", r));
    try {
      const url = `http://127.0.0.1:${(failing.address() as AddressInfo).port}/simple/`;
      const down = await xihe(root, ["--dry-run"], url);
      expect(down.exitCode).toBe(1);
      expect(down.stderr).toContain(`xihe: index answered HTTP 503 while reading brittle from ${url}`);
    } finally {
      await new Promise((r) => failing.close(r));
    }
    expect(await upgradeBranches(root)).toBe("");
  }, 300_000);

  it("refuses a project with a uv lockfile and a pyproject.toml that is not TOML, with exit 2", async () => {
    const locked = await project({ "requirements.txt": "brittle==1.0.0\n", "uv.lock": "version = 1\n" });
    const lock = await xihe(locked, ["--dry-run"]);
    expect(lock.exitCode).toBe(2);
    expect(lock.stderr).toContain("xihe: uv.lock: updating uv and poetry lockfiles is not built yet");
    const broken = await project({ "pyproject.toml": "[project\n" });
    const toml = await xihe(broken, ["--dry-run"]);
    expect(toml.exitCode).toBe(2);
    expect(toml.stderr).toMatch(/xihe: pyproject\.toml does not parse as TOML \(.+\); fix it/);
  }, 300_000);

  it("reports a version pip cannot install as not applied, and pushes nothing", async () => {
    const root = await project({ "requirements.txt": "brittle==1.0.0\n" });
    const result = await xihe(root, []);
    console.log(result.stdout, result.stderr);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain("brittle 1.0.0 -> 1.1.0 (minor; ==1.0.0 -> ==1.1.0)");
    expect(result.stdout).toMatch(
      /^xihe\/deps\/minor-patch: NOT APPLIED\n {2}pip did not install the updated requirements: /m,
    );
    expect(await upgradeBranches(root)).toBe("");
  }, 300_000);
});
