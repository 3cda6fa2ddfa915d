import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createBwrapSandbox } from "../../../src/workspace/sandbox/bwrap-sandbox.ts";
import { detectToolchains, ToolchainConfigError } from "../../../src/workspace/sandbox/detect-toolchains.ts";
import { detectSandboxSupport } from "../../../src/workspace/sandbox/sandbox-support.ts";
import { makeScratchDir } from "../../support/scratch-dir.ts";

const support = detectSandboxSupport(randomUUID());
const noHost = { HOME: "/nonexistent-home", PATH: "" };

function pyenvPython(): string | null {
  try {
    return execFileSync("pyenv", ["which", "python3"], { encoding: "utf8", cwd: "/" }).trim();
  } catch {
    return null; // no pyenv on this machine
  }
}

// A toolchain must not live under /tmp, /dev, /run… (never bound): the project's own ignored .xihe
// directory, or /var/cache when the checkout itself sits under one of those (a clone in /tmp, as root).
function toolchainParent(): string {
  const cwd = process.cwd();
  if (!/^\/(tmp|var\/tmp|dev|run|proc|sys|etc|boot)(\/|$)/.test(cwd)) return join(cwd, ".xihe");
  return "/var/cache";
}

describe("detectToolchains", () => {
  let toolchain: string;
  let workspace: ReturnType<typeof makeScratchDir>;
  beforeEach(() => {
    mkdirSync(toolchainParent(), { recursive: true });
    toolchain = mkdtempSync(join(toolchainParent(), "xihe-test-toolchain-"));
    chmodSync(toolchain, 0o755);
    mkdirSync(join(toolchain, "bin"));
    writeFileSync(join(toolchain, "bin", "hello-tool"), "#!/bin/sh\necho hello from the toolchain\n", {
      mode: 0o755,
    });
    workspace = makeScratchDir("toolchain-ws");
  });
  afterEach(() => {
    rmSync(toolchain, { recursive: true, force: true });
    workspace.remove();
  });

  it("A49 binds a configured toolchain read-only at its own path with its bin/ first on PATH", async () => {
    const toolchains = detectToolchains({ hostEnv: noHost, configured: [toolchain] });
    expect(toolchains).toMatchObject({ dirs: [toolchain], pathDirs: [join(toolchain, "bin")] });
    const sandbox = createBwrapSandbox({
      root: workspace.dir,
      support,
      newId: randomUUID,
      now: Date.now,
      toolchains,
    });
    expect(await sandbox.run(["hello-tool"])).toMatchObject({
      exitCode: 0,
      stdout: "hello from the toolchain\n",
    });
    const write = await sandbox.run(["sh", "-c", `echo pwned > '${join(toolchain, "bin", "hello-tool")}'`]);
    expect(write.exitCode).not.toBe(0);
    expect(write.stderr).toMatch(/Read-only file system/);
  });

  it("A49 refuses configured paths that would expose the host: /, /etc, other runs' /tmp, HOME's ancestors, private or linked dirs", () => {
    const privateDir = join(toolchain, "private");
    mkdirSync(privateDir, { mode: 0o700 });
    const link = join(toolchain, "link");
    symlinkSync(join(toolchain, "bin"), link);
    const cases: Array<[string, RegExp]> = [
      ["/", /whole file system/],
      ["/etc", /never bound/],
      ["/dev/shm/xihe", /never bound/],
      ["/tmp/x", /never bound/],
      [dirname(toolchain), /contains the home directory/],
      [privateDir, /not readable by other users/],
      [link, /symbolic link/],
      [join(toolchain, "missing"), /does not exist/],
      ["relative/bin", /normalized absolute path/],
    ];
    for (const [path, reason] of cases) {
      const detect = () =>
        detectToolchains({ hostEnv: { HOME: join(toolchain, "home"), PATH: "" }, configured: [path] });
      expect(detect).toThrow(ToolchainConfigError);
      expect(detect).toThrow(reason);
      expect(detect).toThrow(/sandbox\.toolchains/);
    }
  });

  it.skipIf(pyenvPython() === null)(
    "follows a pyenv shim on the host PATH to the real version directory",
    () => {
      const real = realpathSync(pyenvPython() ?? "");
      const toolchains = detectToolchains({ hostEnv: process.env, configured: [] });
      expect(toolchains.pathDirs).toContain(dirname(real));
      expect(toolchains.dirs).toContain(dirname(dirname(real)));
      expect(toolchains.dirs.every((d) => !d.endsWith("/shims"))).toBe(true);
    },
  );

  it("offers nothing extra for a tool that resolves under /usr", () => {
    const toolchains = detectToolchains({
      hostEnv: { HOME: "/nonexistent-home", PATH: "/usr/bin:/bin" },
      configured: [],
    });
    expect(toolchains).toEqual({ dirs: [], pathDirs: [], notes: [] });
  });
});
