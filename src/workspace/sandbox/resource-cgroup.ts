// Per-run cgroup that holds even for uid 0, where RLIMIT_NPROC does not bind. The process joins it
// before exec (see run-contained.ts), so nothing it forks can escape; at the end every member is
// SIGKILLed and the group removed. Which hierarchy is used is decided once per host: cgroup v1
// memory+pids where the host has them (older and hybrid hosts), else a delegated cgroup v2 subtree
// (XIHE_CGROUP_PARENT, or Xihe's own cgroup when its subtree has memory and pids enabled).
import { readFileSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import {
  createResourceCgroupV1,
  findV1Parents,
  readOwnCgroups,
  removeStaleCgroupsV1,
} from "./resource-cgroup-v1.ts";
import { createResourceCgroupV2, refuseV2Parent, removeStaleCgroupsV2 } from "./resource-cgroup-v2.ts";
import type { ResourceCgroup } from "./resource-cgroup-handle.ts";

export type { ResourceCgroup } from "./resource-cgroup-handle.ts";

export type CgroupParents = { version: 1; memory: string; pids: string } | { version: 2; dir: string };

export interface CgroupChoice {
  parents: CgroupParents | null;
  /** One line for the sandbox notes: which version, where, or why none. */
  note: string;
}

export interface FindCgroupOptions {
  /** Where the v1 controllers are mounted. */
  cgroupRoot?: string;
  /** /proc/self/cgroup's text. */
  ownCgroups?: string;
  /** /proc/self/mountinfo's text (to find the cgroup2 mount). */
  mountInfo?: string;
  /** XIHE_CGROUP_PARENT: a delegated cgroup v2 directory to create the groups under. */
  delegated?: string;
}

export class CgroupConfigError extends Error {}

export function findCgroupParents(options: FindCgroupOptions = {}): CgroupChoice {
  if (options.delegated !== undefined && options.delegated !== "") {
    const dir = options.delegated;
    const refusal = isAbsolute(dir) ? refuseV2Parent(dir) : "is not an absolute path";
    if (refusal !== null)
      throw new CgroupConfigError(
        `XIHE_CGROUP_PARENT=${dir}: ${refusal}. Name a cgroup v2 directory delegated to Xihe's user that holds no process (e.g. systemd Delegate=yes, then a child such as .../xihe-runs), or unset it`,
      );
    return {
      parents: { version: 2, dir },
      note: `cgroup v2 memory+pids: ok under ${dir} (XIHE_CGROUP_PARENT)`,
    };
  }
  const own = options.ownCgroups ?? readOwnCgroups();
  const v1 = findV1Parents(options.cgroupRoot ?? "/sys/fs/cgroup", own);
  if (v1 !== null) return { parents: { version: 1, ...v1 }, note: "cgroup v1 memory+pids: ok" };
  const v2Path = own
    .split("\n")
    .find((l) => l.startsWith("0::"))
    ?.slice(3);
  const mount = cgroup2Mount(options.mountInfo ?? readText("/proc/self/mountinfo"));
  if (v2Path === undefined || mount === null)
    return { parents: null, note: "cgroup: neither v1 memory+pids nor a cgroup2 mount here" };
  const dir = join(mount, v2Path);
  const refusal = refuseV2Parent(dir);
  return refusal === null
    ? { parents: { version: 2, dir }, note: `cgroup v2 memory+pids: ok under ${dir}` }
    : { parents: null, note: `cgroup v2: ${refusal}; set XIHE_CGROUP_PARENT to a delegated subtree` };
}

export function createResourceCgroup(
  parents: CgroupParents,
  name: string,
  limits: { memoryMb: number; maxPids: number },
): ResourceCgroup {
  return parents.version === 1
    ? createResourceCgroupV1(parents, name, limits)
    : createResourceCgroupV2(parents.dir, name, limits);
}

/**
 * Start-up cleanup: removes `xihe-*` groups a crashed process left behind. Only groups older than
 * `minAgeMs` are touched, so a group another live run just created (and has not joined yet) survives.
 */
export function removeStaleCgroups(parents: CgroupParents, nowMs: number, minAgeMs = 60_000): number {
  return parents.version === 1
    ? removeStaleCgroupsV1(parents, nowMs, minAgeMs)
    : removeStaleCgroupsV2(parents.dir, nowMs, minAgeMs);
}

/** Directories a probe group must be creatable in. */
export function cgroupParentDirs(parents: CgroupParents): string[] {
  return parents.version === 1 ? [parents.memory, parents.pids] : [parents.dir];
}

// mountinfo: `id parent major:minor root mountpoint options... - fstype source superoptions`.
function cgroup2Mount(mountInfo: string): string | null {
  for (const line of mountInfo.split("\n")) {
    const [left, right] = line.split(" - ");
    if (right?.split(" ")[0] === "cgroup2" && left?.split(" ")[3] === "/") return left.split(" ")[4] ?? null;
  }
  return null;
}

function readText(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}
