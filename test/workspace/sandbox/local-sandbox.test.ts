import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLocalSandbox } from "../../../src/workspace/sandbox/local-sandbox.ts";
import type { Sandbox } from "../../../src/workspace/sandbox/sandbox.ts";
import { detectSandboxSupport, type SandboxSupport } from "../../../src/workspace/sandbox/sandbox-support.ts";
import { processesWithMarker } from "../process-scan.ts";
import { makeScratchDir } from "../../support/scratch-dir.ts";

describe("local sandbox (--trust-local)", () => {
  let support: SandboxSupport;
  let scratch: ReturnType<typeof makeScratchDir>;
  let sandbox: Sandbox;
  beforeAll(() => {
    support = detectSandboxSupport(randomUUID());
  });
  beforeEach(() => {
    scratch = makeScratchDir("local");
    sandbox = createLocalSandbox({ root: scratch.dir, support, newId: randomUUID, now: Date.now });
  });
  afterEach(() => scratch.remove());

  it("runs in the checkout with a scrubbed environment", async () => {
    const canary = `canary-${randomUUID()}`;
    process.env.XIHE_TEST_CANARY_TOKEN = canary;
    try {
      const result = await sandbox.run(["sh", "-c", "pwd; env"]);
      expect(result.exitCode).toBe(0);
      expect(result.stdout.split("\n")[0]).toBe(sandbox.root);
      expect(result.stdout).not.toContain(canary);
      expect(result.stdout).not.toContain("GIT_SSL_CAINFO");
    } finally {
      delete process.env.XIHE_TEST_CANARY_TOKEN;
    }
  });

  it("A20 kills a timed-out command including a setsid escapee", async () => {
    const marker = `${2000 + Math.floor(Math.random() * 1000)}.${Date.now() % 100000}`;
    const result = await sandbox.run(["sh", "-c", `setsid sleep ${marker} & sleep ${marker}`], {
      timeoutMs: 1500,
    });
    expect(result.timedOut).toBe(true);
    expect(processesWithMarker(`sleep\0${marker}`)).toEqual([]);
  });

  it("kills background processes left when the command exits", async () => {
    const marker = `${3000 + Math.floor(Math.random() * 1000)}.${Date.now() % 100000}`;
    const result = await sandbox.run(["sh", "-c", `setsid sleep ${marker} >/dev/null 2>&1 & echo started`], {
      timeoutMs: 5000,
    });
    expect(result).toMatchObject({ exitCode: 0, stdout: "started\n", timedOut: false });
    expect(processesWithMarker(`sleep\0${marker}`)).toEqual([]);
  });
});
