// Offline, a pip install that needs its index is not started (registry_unreachable), but a result the
// dependency cache holds is still restored: a hit needs no index. Real pip, venv and bwrap; the index
// is a local server, closed to make it unreachable (connection refused).
import { randomUUID } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runInstallPhase, type InstallPhaseDeps } from "../../../src/workspace/install/run-install-phase.ts";
import { createBwrapSandbox } from "../../../src/workspace/sandbox/bwrap-sandbox.ts";
import { detectSandboxSupport } from "../../../src/workspace/sandbox/sandbox-support.ts";
import { makeScratchDir } from "../../support/scratch-dir.ts";
import { buildWheel, startFakePythonIndex, type FakePythonIndex } from "../support/fake-python-index.ts";

const support = detectSandboxSupport(randomUUID());
let scratch: ReturnType<typeof makeScratchDir>;
let index: FakePythonIndex;

beforeAll(async () => {
  scratch = makeScratchDir("pip-offline-cache");
  const wheel = await buildWheel(scratch.dir, "tinypy", "1.0", { "tinypy/__init__.py": "VALUE = 7\n" });
  index = await startFakePythonIndex([wheel]);
}, 120_000);
afterAll(async () => {
  await index.close();
  scratch.remove();
});

function checkout(name: string, requirements: string): InstallPhaseDeps {
  const root = join(scratch.dir, name);
  mkdirSync(root);
  writeFileSync(join(root, "requirements.txt"), requirements);
  const proxyDir = join(scratch.dir, `${name}-proxy`);
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
    sandbox,
    proxyDir,
    registries: async () => ({ allowedUrls: [index.url], pipIndexUrl: index.url }),
    cache: { dir: join(scratch.dir, "cache"), scope: "origin https://example.invalid/app.git" },
  };
}

const options = { allowScripts: false, timeoutMs: 120_000 };

describe("a pip install with the index out of reach", () => {
  it("is restored from the dependency cache when the cache holds it, and otherwise fails without starting pip", async () => {
    const first = await runInstallPhase(checkout("online", "tinypy==1.0\n"), options);
    expect(first).toMatchObject({ status: "installed", manager: "pip", cache: { status: "stored" } });
    await index.close();

    const cached = checkout("offline-same", "tinypy==1.0\n");
    const restored = await runInstallPhase(cached, options);
    expect(restored).toMatchObject({ status: "installed", cache: { status: "hit" }, steps: [] });
    const use = await cached.sandbox.run([".venv/bin/python", "-c", "import tinypy; print(tinypy.VALUE)"]);
    expect(use).toMatchObject({ exitCode: 0, stdout: "7\n" });

    const changed = checkout("offline-changed", "tinypy==1.0\ntinypy-extra==2.0\n");
    const failed = await runInstallPhase(changed, options);
    expect(failed).toMatchObject({
      status: "failed",
      code: "registry_unreachable",
      steps: [],
      cache: { status: "miss" },
    });
    expect(existsSync(join(changed.sandbox.root, ".venv"))).toBe(false);
  }, 240_000);
});
