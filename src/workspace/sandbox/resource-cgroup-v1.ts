// Per-run cgroup on the v1 hierarchies (memory + pids), what older and hybrid hosts have. Memory
// and pids are separate trees, so the run joins one group in each.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ResourceCgroup } from "./resource-cgroup-handle.ts";
import {
  killQuietly,
  listMembers,
  readCounter,
  removeRetrying,
  removeStaleGroups,
} from "./resource-cgroup-files.ts";

const controllers = ["memory", "pids"] as const;
export type V1Parents = Record<(typeof controllers)[number], string>;

/** The v1 directory of each controller this process may create groups under, or null. */
export function findV1Parents(cgroupRoot: string, ownCgroups: string): V1Parents | null {
  const found: Partial<V1Parents> = {};
  for (const controller of controllers) {
    const line = ownCgroups.split("\n").find((l) => l.split(":")[1]?.split(",").includes(controller));
    if (line === undefined) return null;
    const dir = join(cgroupRoot, controller, line.split(":")[2] ?? "/");
    if (!existsSync(join(dir, "cgroup.procs"))) return null;
    found[controller] = dir;
  }
  return found.memory && found.pids ? { memory: found.memory, pids: found.pids } : null;
}

export function createResourceCgroupV1(
  parents: V1Parents,
  name: string,
  limits: { memoryMb: number; maxPids: number },
): ResourceCgroup {
  const memory = join(parents.memory, name);
  const pids = join(parents.pids, name);
  mkdirSync(memory);
  mkdirSync(pids);
  const bytes = String(limits.memoryMb * 1024 * 1024);
  writeFileSync(join(memory, "memory.limit_in_bytes"), bytes);
  // Without this, the group would swap instead of being OOM-killed at the limit.
  if (existsSync(join(memory, "memory.memsw.limit_in_bytes")))
    writeFileSync(join(memory, "memory.memsw.limit_in_bytes"), bytes);
  writeFileSync(join(pids, "pids.max"), String(limits.maxPids));
  const killAll = () => {
    // A fork loop can add members while we kill: repeat until the group is empty.
    for (let round = 0; round < 50; round += 1) {
      const members = listMembers(pids);
      if (members.length === 0) return;
      for (const pid of members) killQuietly(pid);
    }
  };
  return {
    procsFiles: [memory, pids].map((d) => join(d, "cgroup.procs")),
    limitHit() {
      if (readCounter(join(memory, "memory.oom_control"), "oom_kill") > 0) return "memory";
      if (readCounter(join(pids, "pids.events"), "max") > 0) return "pids";
      return null;
    },
    killAll,
    async remove() {
      for (const dir of [memory, pids])
        await removeRetrying(dir, () => listMembers(dir).forEach((pid) => killQuietly(pid)));
    },
  };
}

/** Start-up cleanup of the `xihe-*` groups a crashed process left behind, in both hierarchies. */
export function removeStaleCgroupsV1(parents: V1Parents, nowMs: number, minAgeMs: number): number {
  const kill = (dir: string) => listMembers(dir).forEach(killQuietly);
  return [parents.memory, parents.pids].reduce(
    (n, parent) => n + removeStaleGroups(parent, nowMs, minAgeMs, kill),
    0,
  );
}

export function readOwnCgroups(): string {
  try {
    return readFileSync("/proc/self/cgroup", "utf8");
  } catch {
    return "";
  }
}
