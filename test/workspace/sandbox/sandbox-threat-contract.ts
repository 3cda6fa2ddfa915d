// The threat tests every runner that runs PR code must pass (THREATS.md A12, A15, A19-A21, A29 and
// the output/redaction/leftover invariants), declared once so the runners cannot drift apart:
// bwrap-sandbox.test.ts and docker-sandbox.test.ts each call sandboxThreatContract with their runner.
// A runner whose prerequisites are missing fails in `prepare` with a message saying what to install.
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { redactText } from "../../../src/redact.ts";
import type { Sandbox } from "../../../src/workspace/sandbox/sandbox.ts";
import { SandboxEnvError } from "../../../src/workspace/sandbox/sandbox-env.ts";
import { defaultSandboxLimits } from "../../../src/workspace/sandbox/sandbox-limits.ts";
import { detectSandboxSupport, type SandboxSupport } from "../../../src/workspace/sandbox/sandbox-support.ts";
import { processesWithMarker } from "../process-scan.ts";
import { makeScratchDir } from "../../support/scratch-dir.ts";

export interface ContractSandboxDeps {
  root: string;
  redact?: (text: string) => string;
  defaults?: typeof defaultSandboxLimits;
}

export interface PreparedRunner {
  make: (deps: ContractSandboxDeps) => Sandbox;
  /** What this runner left alive besides processes naming the workspace (e.g. containers). */
  leftovers: () => string[];
}

export interface ContractRunner {
  /** Shown in the describe title (say which cgroup version or engine it used). */
  name: string;
  scratchPrefix: string;
  /** Checks the prerequisites (throws saying what is missing) and builds the factory. */
  prepare: (support: SandboxSupport) => PreparedRunner;
  /** Variables the runner itself adds to the child's environment (not from the host). */
  runnerEnv: readonly string[];
}

export function sandboxThreatContract(runner: ContractRunner): void {
  describe(`${runner.name} sandbox: threat contract`, () => {
    let scratch: ReturnType<typeof makeScratchDir>;
    let sandbox: Sandbox;
    let prepared: PreparedRunner;
    const make = (deps: ContractSandboxDeps): Sandbox => prepared.make(deps);
    // Anything of a finished command still alive: a process whose argv names the workspace (bwrap,
    // an engine client or its monitor) or a container the runner reports.
    const leftovers = (): string[] => [
      ...processesWithMarker(scratch.dir).map((pid) => `process ${pid}`),
      ...prepared.leftovers(),
    ];
    beforeAll(() => {
      prepared = runner.prepare(detectSandboxSupport(randomUUID()));
    }, 600_000);
    beforeEach(() => {
      scratch = makeScratchDir(runner.scratchPrefix);
      sandbox = make({ root: scratch.dir });
    });
    afterEach(() => scratch.remove());
    const { runnerEnv } = runner;

    it("captures the exit code and output of a failing test command", async () => {
      const chunks: string[] = [];
      const result = await sandbox.run(["sh", "-c", "echo out; echo err >&2; exit 3"], {
        onOutput: (chunk, stream) => chunks.push(`${stream}:${chunk}`),
      });
      expect(result).toMatchObject({
        exitCode: 3,
        stdout: "out\n",
        stderr: "err\n",
        timedOut: false,
        limitHit: null,
      });
      expect(chunks.sort()).toEqual(["stderr:err\n", "stdout:out\n"]);
      expect(leftovers()).toEqual([]);
    });

    describe("A21 network", () => {
      let server: Server;
      let port: number;
      beforeAll(async () => {
        server = createServer((_req, res) => res.end("reached"));
        await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
        port = (server.address() as AddressInfo).port;
      });
      afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
      const probe = (): string[] => [
        "node",
        "-e",
        `fetch("http://127.0.0.1:${port}/").then(r => r.text()).then(t => console.log(t), e => { console.log(String(e.cause?.code ?? e)); process.exit(7); })`,
      ];

      it("A21 cannot connect to a server on the host's 127.0.0.1 without network", async () => {
        const result = await sandbox.run(probe(), { timeoutMs: 10_000 });
        expect(result.exitCode).toBe(7);
        expect(result.stdout).toContain("ECONNREFUSED");
      });

      it("reaches the host only in the install phase", async () => {
        const result = await sandbox.run(probe(), { network: "install", timeoutMs: 10_000 });
        expect(result).toMatchObject({ exitCode: 0, stdout: "reached\n" });
      });
    });

    it("can write only inside the workspace; /tmp is private", async () => {
      const marker = `xihe-private-${randomUUID()}`;
      const result = await sandbox.run([
        "sh",
        "-c",
        `echo x > /etc/${marker} || echo etc-refused; echo x > /usr/${marker} || echo usr-refused; ` +
          `echo x > /tmp/${marker} && echo tmp-ok; echo x > inside.txt && echo inside-ok`,
      ]);
      expect(result.stdout).toBe("etc-refused\nusr-refused\ntmp-ok\ninside-ok\n");
      expect(existsSync(join(scratch.dir, "inside.txt"))).toBe(true);
      expect(existsSync(join("/tmp", marker))).toBe(false);
      expect(existsSync(join("/etc", marker))).toBe(false);
    });

    it("A12 hides the host environment, also through /proc/*/environ", async () => {
      const canary = `canary-${randomUUID()}`;
      process.env.XIHE_TEST_CANARY_TOKEN = canary;
      try {
        const result = await sandbox.run(["sh", "-c", "env; cat /proc/*/environ; ls /proc"]);
        expect(result.stdout + result.stderr).not.toContain(canary);
        expect(result.stdout).not.toContain(String(process.pid));
      } finally {
        delete process.env.XIHE_TEST_CANARY_TOKEN;
      }
    });

    it("redacts a token printed by the command in streamed chunks and in the result", async () => {
      const token = `ghs_${"Z".repeat(36)}`;
      const configured = "configured-secret-value-123";
      const redacting = make({ root: scratch.dir, redact: (text) => redactText(text, [configured]) });
      writeFileSync(join(scratch.dir, "leak.txt"), `${token} ${configured}\n`);
      const chunks: string[] = [];
      const result = await redacting.run(["sh", "-c", "cat leak.txt; cat leak.txt >&2"], {
        onOutput: (chunk) => chunks.push(chunk),
      });
      for (const channel of [result.stdout, result.stderr, chunks.join("")]) {
        expect(channel).toContain("[redacted] [redacted]");
        expect(channel).not.toContain(token);
        expect(channel).not.toContain(configured);
      }
    });

    it("A29 rejects PATH, LD_PRELOAD, NODE_OPTIONS and GIT_SSL_CAINFO; the child env is the allow-list", async () => {
      for (const name of ["PATH", "LD_PRELOAD", "NODE_OPTIONS", "GIT_SSL_CAINFO"]) {
        await expect(sandbox.run(["true"], { env: { [name]: "/evil" } })).rejects.toBeInstanceOf(
          SandboxEnvError,
        );
      }
      const result = await sandbox.run(["env"], { env: { NODE_ENV: "test" } });
      const names = result.stdout
        .trim()
        .split("\n")
        .map((l) => l.split("=")[0])
        .sort();
      expect(names).toEqual(
        [
          "CI",
          "GIT_CONFIG_NOSYSTEM",
          "GIT_TERMINAL_PROMPT",
          "HOME",
          "LANG",
          "NODE_ENV",
          "PATH",
          "PWD",
          "TMPDIR",
        ]
          .concat(["XDG_CACHE_HOME", "npm_config_cache", "npm_config_update_notifier"], runnerEnv)
          .sort(),
      );
    });

    it("A29 passes NODE_OPTIONS of harmless flags on to node, and refuses one that loads code or opens a port", async () => {
      writeFileSync(join(scratch.dir, "hook.cjs"), "console.log('hook ran');\n");
      for (const value of [
        "--require ./hook.cjs",
        "--import=./hook.cjs",
        "--no-deprecation --inspect=0.0.0.0:9229",
      ]) {
        await expect(
          sandbox.run(["node", "-e", "0"], { env: { NODE_OPTIONS: value } }),
        ).rejects.toBeInstanceOf(SandboxEnvError);
      }
      const script =
        "process.emitWarning('old api', 'DeprecationWarning');" +
        "console.log(JSON.stringify({ noDeprecation: process.noDeprecation === true," +
        " heapMb: Math.round(require('node:v8').getHeapStatistics().heap_size_limit / 2 ** 20) }));";
      const run = async (nodeOptions: string) => {
        const result = await sandbox.run(["node", "-e", script], { env: { NODE_OPTIONS: nodeOptions } });
        expect(result.exitCode).toBe(0);
        return { result, seen: JSON.parse(result.stdout) as { noDeprecation: boolean; heapMb: number } };
      };
      const { result, seen } = await run("--no-deprecation --max-old-space-size=200");
      const larger = await run("--max-old-space-size=400");
      expect(seen.noDeprecation).toBe(true);
      expect(larger.seen.noDeprecation).toBe(false);
      // V8's limit is the old space asked for plus a young generation whose size depends on node's
      // version and the memory it sees (node 24: 48 MB under a 2 GB memory cgroup, 192 MB without
      // one) and grows with the old space if at all: 200 MB more asked for raises the limit by at
      // least that much, where a dropped flag would leave both at node's default.
      expect(seen.heapMb).toBeGreaterThanOrEqual(200);
      expect(larger.seen.heapMb - seen.heapMb).toBeGreaterThanOrEqual(200);
      expect(result.stderr).not.toContain("DeprecationWarning");
    });

    it("A19 stops a fork bomb at the pids limit and leaves no process behind", async () => {
      const marker = `xihe-bomb-${randomUUID()}`;
      // Each level waits for its pipeline, so the tree keeps growing until the pids limit refuses a fork
      // (a backgrounded bomb lets the top shell exit first, racing the limit on a busy machine). Once
      // forks fail the tree unwinds by itself: the limit ends it, well before the time budget (which a
      // container runner also spends starting its container: 4 s on a loaded machine).
      const result = await sandbox.run(["sh", "-c", "b() { b | b; }; b", marker], {
        maxPids: 64,
        timeoutMs: 30_000,
      });
      expect(result).toMatchObject({ limitHit: "pids", timedOut: false });
      expect(processesWithMarker(marker)).toEqual([]);
      expect(leftovers()).toEqual([]);
    });

    it("A19 kills a memory bomb at the memory limit", async () => {
      const result = await sandbox.run(
        ["node", "-e", "const a = []; for (;;) a.push(Buffer.alloc(1 << 20, 1));"],
        { memoryMb: 128, timeoutMs: 20_000 },
      );
      expect(result).toMatchObject({ limitHit: "memory", timedOut: false });
      expect(result.exitCode).not.toBe(0);
    });

    it("A19 stops a disk fill at the file-size limit", async () => {
      const small = make({ root: scratch.dir, defaults: { ...defaultSandboxLimits, fileSizeMb: 4 } });
      const result = await small.run(["sh", "-c", "head -c 20000000 /dev/zero > big.bin"], {
        timeoutMs: 20_000,
      });
      expect(result).toMatchObject({ limitHit: "file_size", timedOut: false });
    });

    it("A19 stops a disk fill of a tmpfs workspace at the memory limit (tmpfs pages are charged to the cgroup)", async () => {
      expect(existsSync("/dev/shm"), "this test needs a tmpfs at /dev/shm for the workspace").toBe(true);
      const result = await sandbox.run(
        [
          "sh",
          "-c",
          "i=0; while [ $i -lt 20 ]; do head -c 50000000 /dev/zero > f$i || exit 9; i=$((i+1)); done",
        ],
        { memoryMb: 128, timeoutMs: 20_000 },
      );
      expect(result).toMatchObject({ limitHit: "memory", timedOut: false });
    });

    it("A20 times out `sleep infinity` and a stdin loop, killing the process group", async () => {
      const marker = `${1000 + Math.floor(Math.random() * 1000)}.${Date.now() % 100000}`;
      const sleeper = await sandbox.run(["sleep", marker], { timeoutMs: 2000 });
      expect(sleeper).toMatchObject({ timedOut: true, exitCode: null, signal: "SIGKILL" });
      expect(processesWithMarker(`sleep\0${marker}`)).toEqual([]);
      const looper = await sandbox.run(["sh", "-c", "while :; do read x; done"], { timeoutMs: 2000 });
      expect(looper.timedOut).toBe(true);
      expect(leftovers()).toEqual([]);
    });

    it("A20 gives a stdin reader end-of-file instead of waiting forever", async () => {
      const result = await sandbox.run(["cat"], { timeoutMs: 20_000 });
      expect(result).toMatchObject({ exitCode: 0, timedOut: false, stdout: "" });
      const fed = await sandbox.run(["cat"], { stdin: "fed\n", timeoutMs: 20_000 });
      expect(fed.stdout).toBe("fed\n");
    });

    it("ends a 1 GB output flood early, keeping head and tail with a marker", async () => {
      const result = await sandbox.run(
        ["sh", "-c", "echo FIRST; head -c 1073741824 /dev/zero | tr '\\0' x"],
        {
          maxOutputBytes: 64 * 1024,
          timeoutMs: 20_000,
        },
      );
      expect(result).toMatchObject({ limitHit: "output", truncated: true, timedOut: false });
      expect(result.stdout.startsWith("FIRST\n")).toBe(true);
      expect(result.stdout).toMatch(/\[xihe: \d+ bytes of output dropped\]/);
      expect(result.stdout.length).toBeLessThan(64 * 1024 + 200);
      expect(leftovers()).toEqual([]);
    });

    it("A15 keeps .git read-only so sandboxed code cannot plant hooks or config for the host's git", async () => {
      mkdirSync(join(scratch.dir, ".git", "hooks"), { recursive: true });
      writeFileSync(join(scratch.dir, ".git", "config"), "[core]\n");
      const result = await sandbox.run([
        "sh",
        "-c",
        "echo '[core] fsmonitor = evil' >> .git/config || echo config-refused; touch .git/hooks/pre-commit || echo hook-refused; touch src.txt && echo tree-ok",
      ]);
      expect(result.stdout).toBe("config-refused\nhook-refused\ntree-ok\n");
      expect(readFileSync(join(scratch.dir, ".git", "config"), "utf8")).toBe("[core]\n");
    });

    it("bounds the private /tmp", async () => {
      const result = await sandbox.run(
        ["sh", "-c", "head -c 600000000 /dev/zero > /tmp/big || echo tmp-full"],
        {
          memoryMb: 2048,
          timeoutMs: 20_000,
        },
      );
      expect(result.stdout).toBe("tmp-full\n");
    });

    it("stops a command whose caller aborted before it started, without waiting for its timeout", async () => {
      const result = await sandbox.run(["sleep", "30"], { signal: AbortSignal.abort(), timeoutMs: 20_000 });
      expect(result).toMatchObject({ timedOut: false, exitCode: null, signal: "SIGKILL" });
      expect(leftovers()).toEqual([]);
    });

    it("stops the command when the caller aborts", async () => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 300);
      const result = await sandbox.run(["sleep", "30"], { signal: controller.signal, timeoutMs: 20_000 });
      expect(result).toMatchObject({ timedOut: false, exitCode: null, signal: "SIGKILL" });
      expect(leftovers()).toEqual([]);
    });

    it("refuses a cwd outside the workspace", async () => {
      writeFileSync(join(scratch.dir, "f"), "");
      await expect(sandbox.run(["true"], { cwd: "../.." })).rejects.toMatchObject({
        code: "path_outside_workspace",
      });
    });
  });
}
