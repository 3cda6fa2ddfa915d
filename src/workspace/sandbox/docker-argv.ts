// The `docker run` command line for one sandboxed command (production runner), written to the Docker
// docs for `docker run`: no network unless installing, read-only root filesystem, all capabilities
// dropped, no privilege escalation, pids/memory/cpu limits, the workspace the only writable mount.
import { XiheError } from "../../errors.ts";
import type { NetworkMode } from "./sandbox.ts";

export class DockerImageError extends XiheError {
  readonly code = "docker_image_not_pinned";
}

export interface DockerArgvOptions {
  dockerPath: string;
  /** Must be pinned by digest (`name@sha256:<64 hex>`): a tag can be moved under us. */
  image: string;
  /** A unique container name, so a timed-out run can be removed with `docker rm -f`. */
  containerName: string;
  root: string;
  /** Working directory relative to the workspace root. */
  cwdInWorkspace: string;
  network: NetworkMode;
  env: Record<string, string>;
  memoryMb: number;
  maxPids: number;
  cpus: number;
  fileSizeMb: number;
  /** The workspace has a real `.git` directory to protect. */
  gitDirReadOnly: boolean;
  /** Host directories mounted read-only at the same path (the mirror objects of a shared clone). */
  readOnlyDirs: readonly string[];
}

export const containerWorkspace = "/workspace";

export function buildDockerArgv(o: DockerArgvOptions, argv: readonly string[]): string[] {
  if (!/^[a-z0-9][a-z0-9._/:-]*@sha256:[0-9a-f]{64}$/.test(o.image))
    throw new DockerImageError(
      `docker image must be pinned by digest, e.g. node:20-bookworm@sha256:<64 hex>; got ${JSON.stringify(o.image)}`,
    );
  const out = [o.dockerPath, "run", "--rm", "-i", "--name", o.containerName, "--init"];
  out.push("--network", o.network === "install" ? "bridge" : "none");
  out.push("--read-only", "--cap-drop", "ALL", "--security-opt", "no-new-privileges");
  out.push("--user", "65534:65534", "--pids-limit", String(o.maxPids));
  // Equal --memory and --memory-swap: no swap, so the memory limit is a real limit.
  out.push("--memory", `${o.memoryMb}m`, "--memory-swap", `${o.memoryMb}m`, "--cpus", String(o.cpus));
  out.push("--ulimit", `fsize=${o.fileSizeMb * 1024 * 1024}`, "--ulimit", "core=0");
  out.push("--tmpfs", "/tmp:rw,nosuid,nodev,size=512m");
  out.push("--mount", `type=bind,source=${o.root},target=${containerWorkspace}`);
  // .git read-only, as in bwrap-argv.ts: no hooks or config planted for git on the host to run.
  if (o.gitDirReadOnly)
    out.push("--mount", `type=bind,source=${o.root}/.git,target=${containerWorkspace}/.git,readonly`);
  for (const dir of o.readOnlyDirs) out.push("--mount", `type=bind,source=${dir},target=${dir},readonly`);
  const cwd = o.cwdInWorkspace === "" ? containerWorkspace : `${containerWorkspace}/${o.cwdInWorkspace}`;
  out.push("--workdir", cwd);
  for (const [name, value] of Object.entries(o.env)) out.push("--env", `${name}=${value}`);
  // The image regex forbids a leading "-", and docker stops parsing its own flags at the image name.
  out.push(o.image, ...argv);
  return out;
}
