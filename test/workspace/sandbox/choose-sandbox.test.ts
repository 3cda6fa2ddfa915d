import { afterAll, describe, expect, it } from "vitest";
import {
  chooseSandbox,
  SandboxUnavailableError,
  type ChooseSandboxOptions,
} from "../../../src/workspace/sandbox/choose-sandbox.ts";
import { DockerImageError } from "../../../src/workspace/sandbox/docker-argv.ts";
import { detectSandboxSupport, type SandboxSupport } from "../../../src/workspace/sandbox/sandbox-support.ts";
import { makeScratchDir } from "../../support/scratch-dir.ts";

const none: SandboxSupport = {
  bwrap: null,
  cgroupParents: null,
  prlimit: null,
  docker: null,
  identity: null,
  notes: ["bwrap: not installed"],
};
const withBwrap: SandboxSupport = { ...none, bwrap: "/usr/bin/bwrap" };

describe("chooseSandbox", () => {
  const scratch = makeScratchDir("choose");
  afterAll(() => scratch.remove());
  const base: ChooseSandboxOptions = {
    requested: "auto",
    source: "github",
    trustLocal: false,
    root: scratch.dir,
    support: none,
    newId: () => "1",
    now: Date.now,
  };
  const kindOf = (o: Partial<ChooseSandboxOptions>): string => {
    try {
      return chooseSandbox({ ...base, ...o }).kind;
    } catch (err) {
      expect(err instanceof SandboxUnavailableError || err instanceof DockerImageError).toBe(true);
      return `refused: ${(err as Error).message}`;
    }
  };

  it("prefers bubblewrap, then a pinned image on a container engine that answers", () => {
    expect(kindOf({ support: withBwrap })).toBe("bwrap");
    const engines = detectSandboxSupport("choose");
    expect(engines.podman, "podman must be installed (.ci/apt-packages.txt)").not.toBeNull();
    const containers = { ...none, docker: engines.docker, podman: engines.podman, runc: engines.runc };
    expect(kindOf({ support: containers, dockerImage: `x@sha256:${"b".repeat(64)}` })).toBe("docker");
  });

  it("refuses a container image that is not pinned by digest or a local id, saying how to build one", () => {
    const containers = { ...none, podman: "/usr/bin/podman" };
    expect(kindOf({ requested: "docker", support: containers, dockerImage: "xihe-sandbox:latest" })).toMatch(
      /pinned by digest .*npm run sandbox:image/,
    );
    expect(kindOf({ requested: "docker", support: containers })).toMatch(/needs XIHE_DOCKER_IMAGE/);
  });

  it("refuses PR code from GitHub without a real sandbox and says how to install one", () => {
    expect(kindOf({})).toMatch(/refused: .*apt-get install bubblewrap/);
    expect(kindOf({ requested: "local", trustLocal: true })).toMatch(
      /refused: refusing to run pull-request code/,
    );
    expect(kindOf({ requested: "bwrap" })).toMatch(/refused: bubblewrap is not usable here/);
  });

  it("uses the local runner only for the user's own checkout with --trust-local", () => {
    expect(kindOf({ source: "local_checkout", requested: "local" })).toMatch(/refused: .*--trust-local/);
    expect(kindOf({ source: "local_checkout", requested: "local", trustLocal: true })).toBe("local");
    expect(kindOf({ source: "local_checkout", trustLocal: true })).toBe("local");
    expect(kindOf({ source: "local_checkout", trustLocal: true, support: withBwrap })).toBe("bwrap");
  });
});
