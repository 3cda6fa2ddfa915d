import { randomUUID } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createBwrapSandbox } from "../../../src/workspace/sandbox/bwrap-sandbox.ts";
import { startRegistryProxy } from "../../../src/workspace/install/registry-proxy.ts";
import { runInstallPhase, type InstallPhaseDeps } from "../../../src/workspace/install/run-install-phase.ts";
import { detectSandboxSupport } from "../../../src/workspace/sandbox/sandbox-support.ts";
import { makeScratchDir } from "../../support/scratch-dir.ts";
import { packPackage, startFakeNpmRegistry, type FakeNpmRegistry } from "../support/fake-npm-registry.ts";

const support = detectSandboxSupport(randomUUID());
let registry: FakeNpmRegistry;
let packs: ReturnType<typeof makeScratchDir>;
let scratch: ReturnType<typeof makeScratchDir>;
let proxyDir: ReturnType<typeof makeScratchDir>;

beforeAll(async () => {
  packs = makeScratchDir("packs");
  const pkg = join(packs.dir, "tiny-pad");
  mkdirSync(pkg);
  writeFileSync(
    join(pkg, "package.json"),
    JSON.stringify({ name: "tiny-pad", version: "1.0.0", main: "index.js" }),
  );
  writeFileSync(join(pkg, "index.js"), "module.exports = (s, n) => String(s).padStart(n);\n");
  registry = await startFakeNpmRegistry([await packPackage(pkg, packs.dir)]);
});
afterAll(async () => {
  await registry.close();
  packs.remove();
});
beforeEach(() => {
  scratch = makeScratchDir("proxy-project");
  proxyDir = makeScratchDir("proxy-sock");
  chmodSync(proxyDir.dir, 0o755);
  registry.requests.length = 0;
});
afterEach(() => {
  scratch.remove();
  proxyDir.remove();
});

/** A project depending on tiny-pad, locked by really running npm against the fake registry. */
async function lockedProject(extraDeps: Record<string, string> = {}): Promise<void> {
  const manifest = { name: "app", version: "1.0.0", dependencies: { "tiny-pad": "1.0.0", ...extraDeps } };
  writeFileSync(join(scratch.dir, "package.json"), JSON.stringify(manifest, null, 2));
  await execa("npm", ["install", "--package-lock-only", "--ignore-scripts", "--no-audit", "--no-fund"], {
    cwd: scratch.dir,
    env: { npm_config_registry: registry.url, npm_config_cache: join(packs.dir, "cache") },
  });
  registry.requests.length = 0;
}

function installDeps(allowedUrls: string[]): InstallPhaseDeps {
  return {
    sandbox: createBwrapSandbox({
      root: scratch.dir,
      support,
      newId: randomUUID,
      now: Date.now,
      readOnlyDirs: [proxyDir.dir],
    }),
    proxyDir: proxyDir.dir,
    registries: async () => ({ allowedUrls, npmRegistry: registry.url }),
  };
}

describe("the install phase's registry proxy", () => {
  it("A21 installs a locked package from an allowed registry on 127.0.0.1 through the proxy, in bubblewrap", async () => {
    await lockedProject();
    const evidence = await runInstallPhase(installDeps([registry.url]), {
      allowScripts: false,
      timeoutMs: 120_000,
    });
    expect(evidence).toMatchObject({ status: "installed", manager: "npm", code: null });
    expect(evidence.steps[0]?.command).toBe("npm ci --ignore-scripts --no-audit --no-fund");
    expect(readFileSync(join(scratch.dir, "node_modules", "tiny-pad", "index.js"), "utf8")).toContain(
      "padStart",
    );
    expect(evidence.proxy.allowed).toEqual([
      { endpoint: `127.0.0.1:${registry.port}`, count: expect.any(Number) },
    ]);
    expect(evidence.proxy.blocked).toEqual([]);
    expect(registry.requests).toContain("GET /tiny-pad/-/tiny-pad-1.0.0.tgz");
  });

  it("A21 blocks and reports an install that reaches a host which is not an allowed registry", async () => {
    // Same server, another name: the allow-list is by host name, so `localhost` is not the registry.
    await lockedProject({ other: `http://localhost:${registry.port}/tiny-pad/-/tiny-pad-1.0.0.tgz` });
    const evidence = await runInstallPhase(installDeps([registry.url]), {
      allowScripts: false,
      timeoutMs: 120_000,
    });
    expect(evidence).toMatchObject({ status: "failed", code: "registry_blocked" });
    expect(evidence.proxy.blocked).toEqual([`localhost:${registry.port}`]);
    expect(evidence.reason).toContain(`blocked: localhost:${registry.port}`);
    expect(evidence.reason).toContain("sandbox.registries");
    expect(registry.requests.filter((r) => r.includes("localhost"))).toEqual([]);
    expect(existsSync(join(scratch.dir, "node_modules", "other"))).toBe(false);
  });

  it("A21 a direct connection from the install sandbox, bypassing the proxy, fails; the same request through the proxy works", async () => {
    const target = `http://127.0.0.1:${registry.port}/tiny-pad`;
    // Node's fetch ignores HTTP_PROXY, so it tries to connect directly; http.get to the proxy is the control.
    const direct = `fetch('${target}').then(() => process.exit(0), () => process.exit(3))`;
    const viaProxy = `const u = new URL(process.env.HTTP_PROXY); require('http').get({ host: u.hostname, port: u.port, path: '${target}' }, (r) => process.exit(r.statusCode === 200 ? 0 : 4)).on('error', () => process.exit(5))`;
    const deps = installDeps([registry.url]);
    const first = await runInstallPhase(deps, { allowScripts: false, configured: [`node -e "${direct}"`] });
    expect(first).toMatchObject({ status: "failed", manager: "configured" });
    expect(first.steps[0]?.exitCode).toBe(3);
    expect(registry.requests).toEqual([]);
    const second = await runInstallPhase(deps, {
      allowScripts: false,
      configured: [`node -e "${viaProxy}"`],
    });
    expect(second).toMatchObject({ status: "installed" });
    expect(registry.requests).toEqual(["GET /tiny-pad"]);
  });

  it("A21 tunnels CONNECT only to allowed host:port and answers 403 to the rest", async () => {
    const proxy = await startRegistryProxy({
      socketPath: join(proxyDir.dir, "p.sock"),
      allowed: [{ host: "127.0.0.1", port: registry.port }],
    });
    const exchange = (authority: string, then: string) =>
      new Promise<string>((resolve) => {
        const socket = connect(proxy.socketPath);
        let text = "";
        socket.on("data", (chunk) => {
          text += chunk.toString();
          if (text.includes("200 Connection Established\r\n\r\n") && !text.includes("HTTP/1.1 200 OK"))
            socket.write(then);
        });
        socket.on("close", () => resolve(text));
        socket.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n\r\n`);
      });
    const get = "GET /tiny-pad HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
    const allowed = await exchange(`127.0.0.1:${registry.port}`, get);
    expect(allowed).toContain("HTTP/1.1 200 Connection Established");
    expect(allowed).toContain('"name":"tiny-pad"');
    const refused = await exchange("example.invalid:443", get);
    expect(refused).toMatch(/^HTTP\/1\.1 403 Forbidden/);
    expect(await proxy.evidence()).toEqual({
      allowed: [{ endpoint: `127.0.0.1:${registry.port}`, count: 1 }],
      blocked: ["example.invalid:443"],
    });
    await proxy.close();
  });
});
