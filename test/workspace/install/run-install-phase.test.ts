import { randomUUID } from "node:crypto";
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createBwrapSandbox } from "../../../src/workspace/sandbox/bwrap-sandbox.ts";
import { runInstallPhase, type InstallPhaseDeps } from "../../../src/workspace/install/run-install-phase.ts";
import { runPhase } from "../../../src/workspace/install/run-phase.ts";
import type { Sandbox } from "../../../src/workspace/sandbox/sandbox.ts";
import { detectSandboxSupport } from "../../../src/workspace/sandbox/sandbox-support.ts";
import { makeScratchDir } from "../../support/scratch-dir.ts";
import { closedPort } from "../../support/closed-port.ts";

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

  // pip's index on a port nothing listens on (connection refused, as for a host that does not
  // resolve offline) against the local server that answers every request with 404 (reachable).
  const withIndex = (index: string): InstallPhaseDeps => ({
    ...install,
    registries: async () => ({ allowedUrls: [index], pipIndexUrl: index }),
  });

  it("does not start pip when the index everything it needs comes from cannot be reached", async () => {
    write(
      "pyproject.toml",
      '[build-system]\nrequires = ["setuptools>=61"]\nbuild-backend = "setuptools.build_meta"\n',
    );
    write("src/app/__init__.py", "");
    const index = `http://127.0.0.1:${await closedPort()}/simple`;
    const outcome = await runInstallPhase(withIndex(index), { allowScripts: false, timeoutMs: 120_000 });
    expect(outcome).toMatchObject({
      status: "failed",
      manager: "pip",
      code: "registry_unreachable",
      steps: [],
    });
    expect(outcome.reason).toMatch(
      /^the package index 127\.0\.0\.1:\d+ cannot be reached from this host \(ECONNREFUSED\)/,
    );
    expect(existsSync(join(scratch.dir, ".venv"))).toBe(false);
  }, 120_000);

  it("asks where the dependency cache is only once an install is due, not for fresh dependencies", async () => {
    const asked: string[] = [];
    const cacheDir = makeScratchDir("phase-cache");
    const withCache = (deps: InstallPhaseDeps): InstallPhaseDeps => ({
      ...deps,
      cache: async () => {
        asked.push("cache");
        return { dir: cacheDir.dir, scope: "path checkout" };
      },
    });
    try {
      // Fresh: package.json without a lockfile and node_modules in place; nothing runs, nothing asked.
      write("package.json", JSON.stringify({ name: "app", version: "1.0.0" }));
      mkdirSync(join(scratch.dir, "node_modules"));
      const fresh = await runInstallPhase(withCache(install), { allowScripts: false, timeoutMs: 60_000 });
      expect(fresh).toMatchObject({ status: "skipped", manager: "npm" });
      expect(asked).toEqual([]);
      // Due (pip, index unreachable): the cache is consulted, so its location is worked out.
      rmSync(join(scratch.dir, "package.json"));
      rmSync(join(scratch.dir, "node_modules"), { recursive: true });
      write("requirements.txt", "xihe-no-such-package==1.0\n");
      const index = `http://127.0.0.1:${await closedPort()}/simple`;
      const due = await runInstallPhase(withCache(withIndex(index)), {
        allowScripts: false,
        timeoutMs: 120_000,
      });
      expect(due).toMatchObject({ status: "failed", manager: "pip", code: "registry_unreachable" });
      expect(asked).toEqual(["cache"]);
    } finally {
      cacheDir.remove();
    }
  }, 120_000);

  it("starts pip as before when the index answers, or when the install may need nothing from it", async () => {
    write(
      "pyproject.toml",
      '[build-system]\nrequires = ["setuptools>=61"]\nbuild-backend = "setuptools.build_meta"\n',
    );
    const reachable = await runInstallPhase(withIndex(`http://127.0.0.1:${port}/simple`), {
      allowScripts: false,
      timeoutMs: 120_000,
    });
    expect(reachable).toMatchObject({ status: "failed", manager: "pip", code: "install_failed" });
    expect(reachable.steps).toHaveLength(2);
    expect(requests.some((r) => r.startsWith("GET /simple/setuptools/"))).toBe(true);

    // An empty requirements file installs offline (a venv with nothing in it): pip still runs.
    write("requirements.txt", "# nothing yet\n");
    const index = `http://127.0.0.1:${await closedPort()}/simple`;
    const empty = await runInstallPhase(withIndex(index), { allowScripts: false, timeoutMs: 120_000 });
    expect(empty).toMatchObject({ status: "installed", manager: "pip" });
  }, 240_000);

  // A wheel made by hand (a wheel is a zip: module, METADATA, WHEEL, RECORD): pip installs it from
  // the file system, so the pip steps below need no index.
  // `pip` and `venv` packages at the checkout's root that leave a mark when imported in place of the
  // interpreter's own.
  const plantInterpreterLookalikes = (): void => {
    const marker = "import pathlib; pathlib.Path('ran-checkout-code').write_text('x')\n";
    write("pip/__init__.py", `${marker}__version__ = "99.0"\n`);
    write("pip/__main__.py", marker);
    write("venv/__init__.py", marker);
    write("venv/__main__.py", marker);
  };
  const writeWheel = (): string => {
    const wheel = "wheels/xihe_probe-1.0-py3-none-any.whl";
    mkdirSync(join(scratch.dir, "wheels"));
    const info = "xihe_probe-1.0.dist-info";
    const files: Record<string, string> = {
      "xihe_probe.py": "VALUE = 42\n",
      [`${info}/METADATA`]: "Metadata-Version: 2.1\nName: xihe-probe\nVersion: 1.0\n",
      [`${info}/WHEEL`]:
        "Wheel-Version: 1.0\nGenerator: xihe-test\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
      [`${info}/RECORD`]: `xihe_probe.py,,\n${info}/METADATA,,\n${info}/WHEEL,,\n${info}/RECORD,,\n`,
    };
    execFileSync("python3", [
      "-c",
      "import json,sys,zipfile\nwith zipfile.ZipFile(sys.argv[1],'w') as z:\n  for n,t in json.loads(sys.argv[2]).items(): z.writestr(n,t)",
      join(scratch.dir, wheel),
      JSON.stringify(files),
    ]);
    write("requirements.txt", `./${wheel}\n`);
    return wheel;
  };
  // Asked before the checkout has files of its own (a `pip` package there would answer instead).
  const sandboxPipHasPythonOption = async (): Promise<boolean> => {
    const run = await sandbox.run(["python3", "-m", "pip", "--version"], { timeoutMs: 60_000 });
    const version = /^pip (\d+)\.(\d+)/.exec(run.stdout);
    return version !== null && Number(version[1]) * 100 + Number(version[2]) >= 2203;
  };
  const venvImports = (): string =>
    execFileSync(
      join(scratch.dir, ".venv", "bin", "python"),
      ["-c", "import xihe_probe; print(xihe_probe.VALUE)"],
      {
        cwd: "/",
        encoding: "utf8",
      },
    ).trim();
  const venvHasPip = (): boolean =>
    readdirSync(join(scratch.dir, ".venv", "lib")).some((py) =>
      existsSync(join(scratch.dir, ".venv", "lib", py, "site-packages", "pip")),
    );

  it("makes the venv without pip and installs into it with the sandbox python3's own pip when that pip has a runner (22.3+)", async () => {
    const hasPythonOption = await sandboxPipHasPythonOption();
    writeWheel();
    const outcome = await runInstallPhase(install, { allowScripts: false, timeoutMs: 120_000 });
    expect(outcome).toMatchObject({ status: "installed", manager: "pip" });
    expect(venvImports()).toBe("42");
    const [venvStep, pipStep] = outcome.steps.map((s) => s.command);
    const pipArgs = "install --disable-pip-version-check --only-binary=:all: -r requirements.txt";
    if (hasPythonOption) {
      expect(venvStep).toBe("python3 -I -m venv --without-pip .venv");
      expect(pipStep).toMatch(new RegExp(`^\\.venv/bin/python /\\S+/pip/__pip-runner__\\.py ${pipArgs}$`));
    } else {
      expect(venvStep).toBe("python3 -I -m venv .venv");
      expect(pipStep).toBe(`.venv/bin/python -I -m pip ${pipArgs}`);
    }
    expect(venvHasPip()).toBe(!hasPythonOption);
    // A completed install is stamped as before: the next run finds it fresh.
    const next = await runInstallPhase(install, { allowScripts: false, timeoutMs: 120_000 });
    expect(next).toMatchObject({ status: "skipped" });
  }, 240_000);

  // Either path: pip's runner (22.3+) or the venv's own pip, both run isolated (`-I`).
  it("never imports a pip or venv package at the checkout's root in place of the interpreter's", async () => {
    plantInterpreterLookalikes();
    writeWheel();
    const outcome = await runInstallPhase(install, { allowScripts: false, timeoutMs: 120_000 });
    expect(outcome).toMatchObject({ status: "installed", manager: "pip" });
    expect(existsSync(join(scratch.dir, "ran-checkout-code"))).toBe(false);
    expect(venvImports()).toBe("42");
  }, 240_000);

  it.skipIf(!existsSync("/usr/bin/python3"))(
    "keeps the venv's own pip when the python3 the sandbox runs has no pip, though the host's has",
    async () => {
      // A venv made --without-pip is a python3 without pip; first on the sandbox's PATH, it is what
      // the install steps run. Its files are read by the sandbox uid.
      const tools = makeScratchDir("phase-nopip");
      try {
        chmodSync(tools.dir, 0o755);
        execFileSync("/usr/bin/python3", ["-m", "venv", "--without-pip", join(tools.dir, "py")]);
        const bin = join(tools.dir, "py", "bin");
        install = {
          ...install,
          sandbox: createBwrapSandbox({
            root: scratch.dir,
            support,
            newId: randomUUID,
            now: Date.now,
            readOnlyDirs: [proxyDir.dir],
            toolchains: { dirs: [tools.dir], pathDirs: [bin], notes: [] },
          }),
        };
        const which = await install.sandbox.run(["python3", "-c", "import sys; print(sys.prefix)"]);
        expect(which.stdout.trim()).toBe(join(tools.dir, "py"));
        // The venv's own pip is as isolated from the checkout as the runner path.
        plantInterpreterLookalikes();
        writeWheel();
        const outcome = await runInstallPhase(install, { allowScripts: false, timeoutMs: 120_000 });
        expect(outcome).toMatchObject({ status: "installed", manager: "pip" });
        expect(outcome.steps[0]?.command).toBe("python3 -I -m venv .venv");
        expect(venvImports()).toBe("42");
        expect(venvHasPip()).toBe(true);
        expect(existsSync(join(scratch.dir, "ran-checkout-code"))).toBe(false);
      } finally {
        tools.remove();
      }
    },
    240_000,
  );

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

  it("keeps the package managers' caches on the workspace's disk during the install, not in the sandbox's small /tmp, and removes them after", async () => {
    // What an install would put in its caches: a file in each folder the managers are pointed at.
    const fill =
      'for (const v of ["npm_config_cache","XDG_CACHE_HOME","XDG_DATA_HOME","YARN_GLOBAL_FOLDER"]) { const d = process.env[v]; require("fs").mkdirSync(d, {recursive: true}); require("fs").writeFileSync(d + "/blob", "x"); console.log(v + "=" + d); }';
    const outcome = await runInstallPhase(install, {
      allowScripts: false,
      configured: [`node -e '${fill}'`],
      timeoutMs: 60_000,
    });
    expect(outcome, outcome.steps[0]?.tail).toMatchObject({ status: "installed" });
    const folders = [...outcome.steps[0]!.tail.matchAll(/^\w+=(.+)$/gm)].map((m) => m[1]!);
    expect(folders).toHaveLength(4);
    for (const folder of folders) expect(folder.startsWith(`${scratch.dir}/.xihe-install-`)).toBe(true);
    expect(readdirSync(scratch.dir).filter((f) => f.startsWith(".xihe-install-"))).toEqual([]);
  });

  it("refuses a configured command line with shell syntax", async () => {
    await expect(runPhase(sandbox, "lint", ["eslint . && curl evil"])).rejects.toMatchObject({
      code: "command_invalid",
    });
  });
});
