import { randomUUID } from "node:crypto";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createBwrapSandbox } from "../../../src/workspace/sandbox/bwrap-sandbox.ts";
import type { Sandbox } from "../../../src/workspace/sandbox/sandbox.ts";
import { detectSandboxSupport, type SandboxSupport } from "../../../src/workspace/sandbox/sandbox-support.ts";
import { makeScratchDir } from "../../support/scratch-dir.ts";

// Host git exactly as an operator would run it: as root, no safe.directory exception.
const hostGit = (cwd: string, ...args: string[]): string =>
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], {
    cwd,
    encoding: "utf8",
    env: { PATH: "/usr/bin:/bin", HOME: cwd, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" },
  });

const isRoot = process.getuid?.() === 0;

describe.runIf(isRoot)("A43 sandbox identity when Xihe runs as root", () => {
  let support: SandboxSupport;
  let scratch: ReturnType<typeof makeScratchDir>;
  let root: string;
  let sandbox: Sandbox;
  beforeAll(() => {
    support = detectSandboxSupport(randomUUID());
    expect(support.bwrap, support.notes.join("\n")).not.toBeNull();
  });
  beforeEach(() => {
    // A 0700 temp dir around the workspace, as mkdtemp makes: the sandbox user can't walk into it.
    scratch = makeScratchDir("identity");
    root = join(scratch.dir, "repo");
    execFileSync("git", ["init", "-q", "-b", "main", root]);
    writeFileSync(join(root, "a.txt"), "one\n");
    hostGit(root, "add", "-A");
    hostGit(root, "commit", "-q", "-m", "base");
    sandbox = createBwrapSandbox({ root, support, newId: randomUUID, now: Date.now });
  });
  afterEach(() => scratch.remove());

  const sh = (script: string) => sandbox.run(["sh", "-c", script], { timeoutMs: 20_000 });

  it("A43: maps the sandbox user to an unprivileged host uid and gid, not root", async () => {
    // bwrap nests a second user namespace (devpts needs uid 0 in the first), so /proc/self/uid_map
    // inside shows the intermediate mapping ("65534 0 1" whoever runs it); the host side shows in
    // what the sandbox creates.
    const result = await sh("id -u; echo x > made-inside; mkdir made-dir");
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout.trim()).toBe("65534");
    for (const name of ["made-inside", "made-dir"]) {
      const made = statSync(join(root, name));
      expect(made.uid).not.toBe(0);
      expect(made.gid).not.toBe(0);
      expect(made.uid).toBe(support.identity?.uid);
    }
  });

  it("A43: cannot read /etc/shadow, /etc/gshadow or /etc/ssl/private", async () => {
    const result = await sh(
      "for f in /etc/shadow /etc/gshadow /etc/sudoers /etc/ssl/private; do cat $f && echo READ $f; ls $f && echo LISTED $f; done; exit 0",
    );
    expect(result.stdout).not.toMatch(/READ|LISTED|root:/);
  });

  it("A43: cannot read a root-only file in a bound read-only directory", async () => {
    const toolchain = join(scratch.dir, "toolchain");
    mkdirSync(toolchain, { mode: 0o755 });
    writeFileSync(join(toolchain, "secret"), "root-only\n", { mode: 0o600 });
    writeFileSync(join(toolchain, "public"), "for all\n", { mode: 0o644 });
    const withTools = createBwrapSandbox({
      root,
      support,
      newId: randomUUID,
      now: Date.now,
      readOnlyDirs: [toolchain],
    });
    const result = await withTools.run(["sh", "-c", `cat ${toolchain}/public; cat ${toolchain}/secret`]);
    expect(result.stdout).toBe("for all\n");
    expect(result.stderr).toMatch(/Permission denied/);
  });

  it("A43: /proc/keys lists no key of the host", async () => {
    const result = await sh("cat /proc/keys /proc/key-users");
    expect(result.stdout).toBe("");
  });

  it("A43: keeps the workspace writable inside, including files host git wrote as root", async () => {
    const result = await sh("echo two >> a.txt && mkdir -p src && echo new > src/b.txt && rm -f gone");
    expect(result.exitCode, result.stderr).toBe(0);
    expect(readFileSync(join(root, "a.txt"), "utf8")).toBe("one\ntwo\n");
    // The top directory stays root's, so host git trusts it without safe.directory.
    expect(statSync(root).uid).toBe(0);
    hostGit(root, "add", "-A");
    hostGit(root, "commit", "-q", "-m", "sandbox change");
    expect(hostGit(root, "log", "--format=%s", "-2").trim().split("\n")).toEqual(["sandbox change", "base"]);
    // A file the host writes as root after that is still changeable by the next command.
    writeFileSync(join(root, "c.txt"), "host\n");
    const again = await sh("echo sandbox > c.txt && echo more >> src/b.txt");
    expect(again.exitCode, again.stderr).toBe(0);
    expect(readFileSync(join(root, "c.txt"), "utf8")).toBe("sandbox\n");
  });

  it("A43: cannot write .git even though the workspace is handed to the sandbox user", async () => {
    const result = await sh("echo x > .git/config-planted || echo refused");
    expect(result.stdout).toContain("refused");
    expect(statSync(join(root, ".git")).uid).toBe(0);
  });
});
