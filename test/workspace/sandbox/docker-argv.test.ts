import { describe, expect, it } from "vitest";
import {
  buildDockerArgv,
  DockerImageError,
  type DockerArgvOptions,
} from "../../../src/workspace/sandbox/docker-argv.ts";

const image = `node:20-bookworm@sha256:${"a".repeat(64)}`;
const options: DockerArgvOptions = {
  dockerPath: "docker",
  image,
  containerName: "xihe-run-1",
  root: "/srv/xihe/work/run-1",
  cwdInWorkspace: "packages/app",
  network: "none",
  env: { CI: "true" },
  memoryMb: 512,
  maxPids: 128,
  cpus: 1,
  fileSizeMb: 64,
  gitDirReadOnly: true,
  readOnlyDirs: ["/srv/xihe/work/mirrors/r.git/objects"],
};

const valueOf = (argv: string[], flag: string): string[] =>
  argv.flatMap((a, i) => (a === flag ? [argv[i + 1] ?? ""] : []));

describe("buildDockerArgv", () => {
  it("isolates the container as the docker run docs describe", () => {
    const argv = buildDockerArgv(options, ["npm", "test"]);
    expect(argv.slice(0, 3)).toEqual(["docker", "run", "--rm"]);
    expect(argv).toContain("--read-only");
    expect(valueOf(argv, "--network")).toEqual(["none"]);
    expect(valueOf(argv, "--cap-drop")).toEqual(["ALL"]);
    expect(valueOf(argv, "--security-opt")).toEqual(["no-new-privileges"]);
    expect(valueOf(argv, "--pids-limit")).toEqual(["128"]);
    expect(valueOf(argv, "--memory")).toEqual(["512m"]);
    expect(valueOf(argv, "--memory-swap")).toEqual(["512m"]);
    expect(valueOf(argv, "--cpus")).toEqual(["1"]);
    expect(valueOf(argv, "--user")).toEqual(["65534:65534"]);
    expect(valueOf(argv, "--mount")).toEqual([
      "type=bind,source=/srv/xihe/work/run-1,target=/workspace",
      "type=bind,source=/srv/xihe/work/run-1/.git,target=/workspace/.git,readonly",
      "type=bind,source=/srv/xihe/work/mirrors/r.git/objects,target=/srv/xihe/work/mirrors/r.git/objects,readonly",
    ]);
    expect(valueOf(argv, "--workdir")).toEqual(["/workspace/packages/app"]);
    expect(valueOf(argv, "--env")).toEqual(["CI=true"]);
    expect(argv.slice(-3)).toEqual([image, "npm", "test"]);
  });

  it("opens the network only for the install phase", () => {
    expect(valueOf(buildDockerArgv({ ...options, network: "install" }, ["npm", "ci"]), "--network")).toEqual([
      "bridge",
    ]);
  });

  it("keeps hostile argv after the image, where docker no longer reads flags", () => {
    const argv = buildDockerArgv(options, ["--privileged", "-v", "/:/host"]);
    const imageAt = argv.indexOf(image);
    expect(argv.indexOf("--privileged")).toBeGreaterThan(imageAt);
    expect(argv.slice(0, imageAt)).not.toContain("--privileged");
  });

  it("refuses an image that is not pinned by digest", () => {
    for (const bad of ["node:20", "node@sha256:short", `-v@sha256:${"a".repeat(64)}`]) {
      expect(() => buildDockerArgv({ ...options, image: bad }, ["true"])).toThrow(DockerImageError);
    }
  });
});
