// The container runner on podman: the shared threat contract (sandbox-threat-contract.ts, the same
// cases bubblewrap passes), then what only a container runner has to prove: containers a crashed Xihe
// left running are swept, the workspace is writable by the container while host git keeps working,
// and an unreachable docker daemon is not chosen over podman. podman and runc come from
// .ci/apt-packages.txt; the image is built locally by the sandbox:image script.
import { execFileSync, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  detectContainerEngine,
  type ContainerEngine,
} from "../../../src/workspace/sandbox/container-engine.ts";
import { createDockerSandbox } from "../../../src/workspace/sandbox/docker-sandbox.ts";
import type { Sandbox } from "../../../src/workspace/sandbox/sandbox.ts";
import { detectSandboxSupport, type SandboxSupport } from "../../../src/workspace/sandbox/sandbox-support.ts";
import { ownerLabel, runLabel } from "../../../src/workspace/sandbox/sweep-leftover-containers.ts";
import { makeScratchDir } from "../../support/scratch-dir.ts";
import { sandboxImageId } from "./sandbox-image.ts";
import { sandboxThreatContract } from "./sandbox-threat-contract.ts";

function podmanEngine(support: SandboxSupport): ContainerEngine {
  const clis = { docker: support.docker, podman: support.podman ?? null, runc: support.runc ?? null };
  if (clis.podman === null || clis.runc === null)
    throw new Error(
      "the container runner tests need podman and runc on PATH (apt-get install podman runc; " +
        ".ci/apt-packages.txt lists them): crun, podman's default, refuses hybrid cgroup hosts",
    );
  const engine = detectContainerEngine(clis, "podman");
  if ("unavailable" in engine) throw new Error(`podman cannot run containers here: ${engine.unavailable}`);
  return engine;
}

const engineOutput = (engine: ContainerEngine, ...args: string[]): string =>
  execFileSync(engine.cli, [...engine.globalArgs, ...args], { encoding: "utf8" });

// Which hierarchy the engine's --memory/--pids-limit land in here, for the title (v1 on this machine
// kind); "unknown" when podman can't answer, and then `prepare` fails saying why.
const engineCgroups = ((): string => {
  const info = spawnSync(
    "podman",
    ["--cgroup-manager=cgroupfs", "info", "--format", "{{.Host.CgroupsVersion}}"],
    {
      encoding: "utf8",
    },
  );
  return info.status === 0 ? `cgroup ${info.stdout.trim()}` : "cgroup unknown";
})();

sandboxThreatContract({
  name: `container (podman, ${engineCgroups} limits)`,
  scratchPrefix: "container",
  prepare: (support) => {
    const engine = podmanEngine(support);
    const image = sandboxImageId(engine.cli);
    const runs = new Set<string>();
    const newId = (): string => {
      const id = randomUUID();
      runs.add(id);
      return id;
    };
    return {
      make: (deps) =>
        createDockerSandbox({ ...deps, engine, image, identity: support.identity, newId, now: Date.now }),
      // Containers of this test process's runs that still exist (running or stopped: --rm failed).
      leftovers: () =>
        engineOutput(
          engine,
          "ps",
          "-a",
          "--filter",
          `label=${ownerLabel}=${process.pid}`,
          "--format",
          `{{.Names}} {{index .Labels "${runLabel}"}}`,
        )
          .split("\n")
          .filter((line) => runs.has(line.split(" ")[1] ?? ""))
          .map((line) => `container ${line.split(" ")[0]}`),
    };
  },
  // podman sets the container's hostname variable itself; it is not the host's.
  runnerEnv: ["HOSTNAME"],
});

describe("container sandbox (podman): engine-specific", () => {
  let support: SandboxSupport;
  let engine: ContainerEngine;
  let image: string;
  let scratch: ReturnType<typeof makeScratchDir>;
  let sandbox: Sandbox;
  const containersLabelled = (label: string): string =>
    engineOutput(engine, "ps", "-a", "--filter", `label=${label}`, "--format", "{{.Names}}").trim();
  beforeAll(() => {
    support = detectSandboxSupport(randomUUID());
    engine = podmanEngine(support);
    image = sandboxImageId(engine.cli);
  }, 600_000);
  beforeEach(() => {
    scratch = makeScratchDir("container");
    sandbox = createDockerSandbox({
      root: scratch.dir,
      engine,
      image,
      identity: support.identity,
      newId: randomUUID,
      now: Date.now,
    });
  });
  afterEach(() => scratch.remove());

  it("A20 removes, before its first command, the containers a crashed Xihe left running", async () => {
    // A pid that has exited stands for the crashed Xihe process that labelled the container.
    const deadPid = spawnSync("true").pid;
    const name = `xihe-orphan-${randomUUID()}`;
    engineOutput(
      engine,
      "run",
      "-d",
      "--name",
      name,
      "--label",
      `${ownerLabel}=${deadPid}`,
      "--ulimit",
      "nofile=1024:1024",
      "--ulimit",
      "nproc=1024:1024",
      image,
      "sleep",
      "300",
    );
    expect(containersLabelled(`${ownerLabel}=${deadPid}`)).toBe(name);
    await sandbox.run(["true"]);
    expect(containersLabelled(`${ownerLabel}=${deadPid}`)).toBe("");
  });

  it("A43 lets the container write the workspace while host git still owns and commits it", async () => {
    const git = (...args: string[]): string =>
      execFileSync("git", ["-C", scratch.dir, ...args], { encoding: "utf8" });
    git("init", "-q");
    writeFileSync(join(scratch.dir, "a.txt"), "one\n");
    git("add", "a.txt");
    git("-c", "user.name=t", "-c", "user.email=t@e", "commit", "-qm", "one");
    const result = await sandbox.run([
      "sh",
      "-c",
      "echo two > a.txt && mkdir -p out && echo x > out/b && id -u",
    ]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout.trim()).not.toBe("0");
    expect(readFileSync(join(scratch.dir, "a.txt"), "utf8")).toBe("two\n");
    git("add", "-A");
    git("-c", "user.name=t", "-c", "user.email=t@e", "commit", "-qm", "two");
    expect(git("log", "--format=%s")).toBe("two\none\n");
  });

  it("runs the image's pinned Node.js 24 with npm, Python with pip and venv, and git", async () => {
    const pinned = /^pinned_node_version=(\S+)$/m.exec(
      readFileSync(new URL("../../../scripts/pinned-node.sh", import.meta.url), "utf8"),
    )?.[1];
    expect(pinned, "scripts/pinned-node.sh pins pinned_node_version").toMatch(/^24\./);
    // One command per runtime, each with its own budget: `python3 -m venv` runs ensurepip, which
    // installs pip from Debian's bundled wheel into the venv (10-30 s on a loaded machine); under one
    // shared 30 s budget it was the venv's pip line that went missing.
    const version = async (command: string, timeoutMs = 30_000): Promise<string> => {
      const result = await sandbox.run(["sh", "-c", command], { timeoutMs });
      expect(result, `${command}: ${result.stderr}`).toMatchObject({
        exitCode: 0,
        timedOut: false,
        stderr: "",
      });
      return result.stdout.trim();
    };
    expect(await version("node -v")).toBe(`v${pinned}`);
    expect(await version("npm -v")).toMatch(/^\d+\.\d+\.\d+$/);
    expect(await version("python3 -m pip --version")).toMatch(/^pip \d+\S* from \/usr\/lib\/python3\//);
    // The venv is made in the workspace, as a Python project's install phase would.
    const venvPip = await version("python3 -m venv .venv && .venv/bin/python -m pip --version", 180_000);
    expect(venvPip).toMatch(/^pip \d+\S* from /);
    expect(venvPip).toContain(` from ${sandbox.root}/.venv/lib/python3`);
    expect(await version("git --version")).toMatch(/^git version 2\./);
  }, 300_000);

  it("does not pick a docker client whose daemon is unreachable over a working podman", () => {
    const clis = { docker: support.docker, podman: support.podman ?? null, runc: support.runc ?? null };
    const auto = detectContainerEngine(clis);
    expect("unavailable" in auto).toBe(false);
    const dockerAnswers =
      support.docker !== null && spawnSync(support.docker, ["info"], { stdio: "ignore" }).status === 0;
    if (!("unavailable" in auto)) expect(auto.kind).toBe(dockerAnswers ? "docker" : "podman");
  });
});
