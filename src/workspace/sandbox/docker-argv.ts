// The `run` command line of a Docker-compatible engine (docker or podman) for one sandboxed command:
// the same contract as bwrap-argv.ts. No network (the install phase reaches registries only through
// the proxy socket in a read-only bound dir), read-only root, all capabilities dropped, no privilege
// escalation, pids/memory/cpu/rlimits, the workspace (at its host path) the only writable mount.
import { XiheError } from "../../errors.ts";
import type { ContainerEngine } from "./container-engine.ts";
import type { NetworkMode } from "./sandbox.ts";

export class DockerImageError extends XiheError {
  readonly code = "docker_image_not_pinned";
}

export interface DockerArgvOptions {
  engine: Pick<ContainerEngine, "cli" | "kind" | "globalArgs" | "hardLimits">;
  /** Pinned: `name@sha256:<digest>` or a locally built image id (`sha256:<64 hex>`); a tag can move. */
  image: string;
  /** A unique container name, so a timed-out run can be removed by name. */
  containerName: string;
  /** Labels that let a later start-up find and remove containers a crashed Xihe left behind. */
  labels: Readonly<Record<string, string>>;
  /** Host path of the workspace; mounted read-write at the same path so output paths match the host. */
  root: string;
  cwd: string;
  network: NetworkMode;
  env: Record<string, string>;
  /** uid:gid inside the container; it owns the workspace (see docker-sandbox.ts). */
  user: { uid: number; gid: number };
  /** Rootless podman: map the calling user to the same uid inside, so the workspace stays writable. */
  keepId: boolean;
  memoryMb: number;
  maxPids: number;
  cpus: number;
  cpuSeconds: number;
  fileSizeMb: number;
  /** The workspace has a real `.git` directory to protect. */
  gitDirReadOnly: boolean;
  /** Host directories mounted read-only at the same path (mirror objects, the proxy's socket dir). */
  readOnlyDirs: readonly string[];
}

/** Printed on stderr by the in-container wrapper when the pids limit refused a fork. */
export const pidsLimitMarker = "[xihe: the sandbox's process limit refused a fork]";

/** Printed on stderr by the in-container wrapper when the memory limit's OOM killer ran. */
export const memoryLimitMarker = "[xihe: the sandbox's memory limit killed a process]";

// Runs the command, then reads the container's own pids and OOM counters (v2 or v1 layout) with
// shell builtins only (a full pids table can't fork `cat`), so a refused fork or an OOM kill is
// reported after the engine has torn the cgroup down. The OOM killer may pick a child (a shell
// then exits with its own code), so the exit status alone does not tell a memory kill.
const limitReport =
  '"$@"; rc=$?; for f in /sys/fs/cgroup/pids.events /sys/fs/cgroup/pids/pids.events; do ' +
  'if [ -r "$f" ]; then while read -r k v; do if [ "$k" = max ] && [ "$v" != 0 ]; then ' +
  `echo "${pidsLimitMarker}" >&2; fi; done < "$f"; break; fi; done; ` +
  "for f in /sys/fs/cgroup/memory.events /sys/fs/cgroup/memory/memory.oom_control; do " +
  'if [ -r "$f" ]; then while read -r k v; do if [ "$k" = oom_kill ] && [ "$v" != 0 ]; then ' +
  `echo "${memoryLimitMarker}" >&2; fi; done < "$f"; break; fi; done; exit $rc`;

const pinned = /^([a-z0-9][a-z0-9._/:-]*@sha256:[0-9a-f]{64}|sha256:[0-9a-f]{64}|[0-9a-f]{64})$/;

export function assertPinnedImage(image: string): void {
  if (!pinned.test(image))
    throw new DockerImageError(
      "the sandbox image must be pinned by digest (name@sha256:<64 hex>) or be a locally built image id " +
        `(sha256:<64 hex>, printed by \`npm run sandbox:image\`); got ${JSON.stringify(image)}`,
    );
}

export function buildDockerArgv(o: DockerArgvOptions, argv: readonly string[]): string[] {
  assertPinnedImage(o.image);
  const podman = o.engine.kind === "podman";
  const out = [o.engine.cli, ...o.engine.globalArgs, "run", "--rm", "-i", "--name", o.containerName];
  for (const [key, value] of Object.entries(o.labels)) out.push("--label", `${key}=${value}`);
  // Output goes straight to our pipes: no log file on the engine's disk for a 1 GB flood to fill.
  out.push("--log-driver", podman ? "passthrough" : "none");
  // "install" matches bwrap's --share-net; the install phase itself runs with "none" and the proxy.
  out.push("--network", o.network === "install" ? "host" : "none", "--hostname", "xihe-sandbox");
  out.push("--read-only", "--cap-drop", "ALL", "--security-opt", "no-new-privileges");
  out.push("--user", `${o.user.uid}:${o.user.gid}`);
  if (o.keepId) out.push("--userns", "keep-id");
  out.push("--pids-limit", String(o.maxPids));
  // Equal --memory and --memory-swap: no swap, so the memory limit is a real limit.
  out.push("--memory", `${o.memoryMb}m`, "--memory-swap", `${o.memoryMb}m`, "--cpus", String(o.cpus));
  // podman copies no rlimits it can't set: every one is explicit and within this process's hard limits.
  const { nofile, nproc } = o.engine.hardLimits;
  out.push("--ulimit", `nofile=${nofile}:${nofile}`, "--ulimit", `nproc=${nproc}:${nproc}`);
  out.push("--ulimit", `fsize=${o.fileSizeMb * 1024 * 1024}`, "--ulimit", "core=0");
  out.push("--ulimit", `cpu=${o.cpuSeconds}:${o.cpuSeconds}`);
  out.push("--tmpfs", "/tmp:rw,nosuid,nodev,size=512m", "--tmpfs", "/dev/shm:rw,nosuid,nodev,size=64m");
  // The image's environment (and podman's defaults) are dropped too: only the allow-list remains.
  if (podman) out.push("--unsetenv-all");
  out.push("--mount", `type=bind,source=${o.root},target=${o.root}`);
  // .git read-only, as in bwrap-argv.ts: no hooks or config planted for git on the host to run.
  if (o.gitDirReadOnly) out.push("--mount", `type=bind,source=${o.root}/.git,target=${o.root}/.git,readonly`);
  for (const dir of o.readOnlyDirs) out.push("--mount", `type=bind,source=${dir},target=${dir},readonly`);
  out.push("--workdir", o.cwd);
  for (const [name, value] of Object.entries(o.env)) out.push("--env", `${name}=${value}`);
  // The image pattern forbids a leading "-", and the engine stops parsing its flags at the image.
  out.push(o.image, "/bin/sh", "-c", limitReport, "xihe-sandbox", ...argv);
  return out;
}
