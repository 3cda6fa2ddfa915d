// Container-runner behaviour beyond the shared threat tests (bwrap-sandbox.test.ts runs those against
// both runners): nothing is left behind after a timeout or a crash, the workspace is writable by the
// container while host git keeps working, and an unreachable docker daemon is not chosen over podman.
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
import { makeScratchDir } from "../scratch-dir.ts";
import { sandboxImageId } from "./sandbox-image.ts";

describe("container sandbox (podman)", () => {
  let support: SandboxSupport;
  let engine: ContainerEngine;
  let image: string;
  let scratch: ReturnType<typeof makeScratchDir>;
  let ids: string[];
  let sandbox: Sandbox;
  const engineRun = (...args: string[]): string =>
    execFileSync(engine.cli, [...engine.globalArgs, ...args], { encoding: "utf8" });
  const containersLabelled = (label: string): string =>
    engineRun("ps", "-a", "--filter", `label=${label}`, "--format", "{{.Names}}").trim();
  beforeAll(() => {
    support = detectSandboxSupport(randomUUID());
    const found = detectContainerEngine(
      { docker: support.docker, podman: support.podman ?? null, runc: support.runc ?? null },
      "podman",
    );
    if ("unavailable" in found) throw new Error(`podman + runc are needed: ${found.unavailable}`);
    engine = found;
    image = sandboxImageId(engine.cli);
  }, 600_000);
  beforeEach(() => {
    scratch = makeScratchDir("container");
    ids = [];
    const newId = (): string => {
      const id = randomUUID();
      ids.push(id);
      return id;
    };
    sandbox = createDockerSandbox({
      root: scratch.dir,
      engine,
      image,
      identity: support.identity,
      newId,
      now: Date.now,
    });
  });
  afterEach(() => scratch.remove());

  it("A20 leaves no container behind after a timeout", async () => {
    const result = await sandbox.run(["sleep", "300"], { timeoutMs: 1500 });
    expect(result.timedOut).toBe(true);
    expect(containersLabelled(`xihe.run=${ids[0]}`)).toBe("");
  });

  it("A20 removes, before its first command, the containers a crashed Xihe left running", async () => {
    // A pid that has exited stands for the crashed Xihe process that labelled the container.
    const deadPid = spawnSync("true").pid;
    const name = `xihe-orphan-${randomUUID()}`;
    engineRun(
      "run",
      "-d",
      "--name",
      name,
      "--label",
      `xihe.owner-pid=${deadPid}`,
      "--ulimit",
      "nofile=1024:1024",
      "--ulimit",
      "nproc=1024:1024",
      image,
      "sleep",
      "300",
    );
    expect(containersLabelled(`xihe.owner-pid=${deadPid}`)).toBe(name);
    await sandbox.run(["true"]);
    expect(containersLabelled(`xihe.owner-pid=${deadPid}`)).toBe("");
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

  it("does not pick a docker client whose daemon is unreachable over a working podman", () => {
    const clis = { docker: support.docker, podman: support.podman ?? null, runc: support.runc ?? null };
    const auto = detectContainerEngine(clis);
    expect("unavailable" in auto).toBe(false);
    const dockerAnswers =
      support.docker !== null && spawnSync(support.docker, ["info"], { stdio: "ignore" }).status === 0;
    if (!("unavailable" in auto)) expect(auto.kind).toBe(dockerAnswers ? "docker" : "podman");
  });
});
