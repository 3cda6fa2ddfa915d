// Which Docker-compatible engine the container runner drives, and the global flags it needs here.
// A docker client without a reachable daemon is not an engine: auto-detection then takes podman.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";

export interface ContainerEngine {
  cli: string;
  kind: "docker" | "podman";
  /** Flags before the subcommand (`podman --runtime runc --cgroup-manager=cgroupfs run ...`). */
  globalArgs: readonly string[];
  /** The hard rlimits of this process: podman can't raise a container's limits above them. */
  hardLimits: { nofile: number; nproc: number };
}

export interface ContainerClis {
  docker: string | null;
  podman: string | null;
  runc: string | null;
}

/**
 * The engine to use, or a sentence saying why there is none. `requested` is XIHE_CONTAINER_CLI
 * ("docker", "podman" or a path); without it, the first of docker and podman that answers `info`.
 */
export function detectContainerEngine(
  clis: ContainerClis,
  requested?: string,
): ContainerEngine | { unavailable: string } {
  const candidates =
    requested !== undefined && requested !== ""
      ? [resolveRequested(clis, requested)]
      : [clis.docker, clis.podman].filter((c): c is string => c !== null);
  if (candidates.length === 0)
    return { unavailable: "no container CLI found (install podman and runc, or docker)" };
  const tried: string[] = [];
  for (const cli of candidates) {
    const engine = describeEngine(cli, clis.runc);
    if (answers(engine)) return engine;
    tried.push(`${cli} cannot reach its engine (\`${cli} info\` failed)`);
  }
  return { unavailable: tried.join("; ") };
}

function resolveRequested(clis: ContainerClis, requested: string): string {
  if (requested === "docker") return clis.docker ?? "docker";
  if (requested === "podman") return clis.podman ?? "podman";
  return requested;
}

function describeEngine(cli: string, runc: string | null): ContainerEngine {
  const kind = isPodman(cli) ? "podman" : "docker";
  const globalArgs: string[] = [];
  if (kind === "podman") {
    // crun refuses hybrid cgroup hierarchies; runc handles v1, hybrid and v2.
    if (runc !== null) globalArgs.push("--runtime", runc);
    // Without systemd as init there is no systemd cgroup manager to talk to.
    if (!existsSync("/run/systemd/system")) globalArgs.push("--cgroup-manager=cgroupfs");
  }
  return { cli, kind, globalArgs, hardLimits: readHardLimits() };
}

function isPodman(cli: string): boolean {
  if (/podman[^/]*$/.test(cli)) return true;
  try {
    const version = execFileSync(cli, ["--version"], { encoding: "utf8", timeout: 10_000 });
    return /podman/i.test(version);
  } catch {
    return false; // a CLI that can't say its version is treated as docker; `info` decides usability
  }
}

function answers(engine: ContainerEngine): boolean {
  try {
    execFileSync(engine.cli, [...engine.globalArgs, "info"], { stdio: "ignore", timeout: 30_000 });
    return true;
  } catch {
    return false; // reported by the caller
  }
}

function readHardLimits(): ContainerEngine["hardLimits"] {
  const fallback = { nofile: 1024, nproc: 4096 };
  let text: string;
  try {
    text = readFileSync("/proc/self/limits", "utf8");
  } catch {
    return fallback;
  }
  const hard = (label: string, otherwise: number): number => {
    const line = text.split("\n").find((l) => l.startsWith(label));
    const value = line?.slice(label.length).trim().split(/\s+/)[1];
    if (value === undefined) return otherwise;
    return value === "unlimited" ? 1_048_576 : Number(value);
  };
  return {
    nofile: Math.min(hard("Max open files", fallback.nofile), 65_536),
    // runc was refused 65536 on a host whose hard limit was 96363; 32768 held. The pids limit is
    // the real cap; RLIMIT_NPROC only has to be high enough not to get in its way.
    nproc: Math.min(hard("Max processes", fallback.nproc), 32_768),
  };
}
