import { describe, expect, it } from "vitest";
import {
  buildDockerArgv,
  DockerImageError,
  type DockerArgvOptions,
} from "../../../src/workspace/sandbox/docker-argv.ts";

const image = `node:20-bookworm@sha256:${"a".repeat(64)}`;
const options: DockerArgvOptions = {
  engine: { cli: "docker", kind: "docker", globalArgs: [], hardLimits: { nofile: 1024, nproc: 4096 } },
  image,
  containerName: "xihe-run-1",
  labels: { "xihe.owner-pid": "42", "xihe.run": "run-1" },
  root: "/srv/xihe/work/run-1",
  cwd: "/srv/xihe/work/run-1/packages/app",
  network: "none",
  env: { CI: "true" },
  memoryMb: 512,
  maxPids: 128,
  cpus: 1,
  cpuSeconds: 60,
  fileSizeMb: 64,
  user: { uid: 65533, gid: 65533 },
  keepId: false,
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
    expect(valueOf(argv, "--user")).toEqual(["65533:65533"]);
    expect(valueOf(argv, "--label")).toEqual(["xihe.owner-pid=42", "xihe.run=run-1"]);
    expect(valueOf(argv, "--ulimit")).toEqual([
      "nofile=1024:1024",
      "nproc=4096:4096",
      `fsize=${64 * 1024 * 1024}`,
      "core=0",
      "cpu=60:60",
    ]);
    expect(valueOf(argv, "--mount")).toEqual([
      "type=bind,source=/srv/xihe/work/run-1,target=/srv/xihe/work/run-1",
      "type=bind,source=/srv/xihe/work/run-1/.git,target=/srv/xihe/work/run-1/.git,readonly",
      "type=bind,source=/srv/xihe/work/mirrors/r.git/objects,target=/srv/xihe/work/mirrors/r.git/objects,readonly",
    ]);
    expect(valueOf(argv, "--workdir")).toEqual(["/srv/xihe/work/run-1/packages/app"]);
    expect(valueOf(argv, "--env")).toEqual(["CI=true"]);
    expect(argv.slice(-2)).toEqual(["npm", "test"]);
    expect(argv[argv.indexOf(image) + 1]).toBe("/bin/sh");
  });

  it("shares the host network only in the install mode, as bubblewrap's --share-net does", () => {
    expect(valueOf(buildDockerArgv({ ...options, network: "install" }, ["npm", "ci"]), "--network")).toEqual([
      "host",
    ]);
  });

  it("gives podman the runtime flags, drops the image's env and maps a rootless user with keep-id", () => {
    const engine = {
      ...options.engine,
      cli: "podman",
      kind: "podman" as const,
      globalArgs: ["--runtime", "runc"],
    };
    const argv = buildDockerArgv({ ...options, engine, keepId: true }, ["true"]);
    expect(argv.slice(0, 4)).toEqual(["podman", "--runtime", "runc", "run"]);
    expect(argv).toContain("--unsetenv-all");
    expect(valueOf(argv, "--userns")).toEqual(["keep-id"]);
  });

  it("keeps hostile argv after the image, where docker no longer reads flags", () => {
    const argv = buildDockerArgv(options, ["--privileged", "-v", "/:/host"]);
    const imageAt = argv.indexOf(image);
    expect(argv.indexOf("--privileged")).toBeGreaterThan(imageAt);
    expect(argv.slice(0, imageAt)).not.toContain("--privileged");
  });

  it("refuses an image that is not pinned by digest or a local image id", () => {
    for (const bad of [
      "node:20",
      "node@sha256:short",
      `-v@sha256:${"a".repeat(64)}`,
      "xihe-sandbox:latest",
    ]) {
      expect(() => buildDockerArgv({ ...options, image: bad }, ["true"])).toThrow(DockerImageError);
    }
    for (const good of [`sha256:${"c".repeat(64)}`, "c".repeat(64)])
      expect(buildDockerArgv({ ...options, image: good }, ["true"])).toContain(good);
  });
});
