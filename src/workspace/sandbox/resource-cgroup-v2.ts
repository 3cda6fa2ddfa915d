// Per-run cgroup on the unified (v2) hierarchy, the only one on current Debian/Ubuntu, GitHub-hosted
// runners and Kubernetes nodes. One directory under a delegated parent (its cgroup.subtree_control
// enables memory and pids) carries memory.max (swap off, so the group is OOM-killed at the limit
// instead of swapping) and pids.max; the kernel counts hits in memory.events / pids.events.
// cgroup.kill (Linux 5.14+) kills every member at once, so a fork loop cannot outrun the kill.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ResourceCgroup } from "./resource-cgroup-handle.ts";
import {
  isCode,
  killQuietly,
  listMembers,
  readCounter,
  removeRetrying,
  removeStaleGroups,
} from "./resource-cgroup-files.ts";

export const v2Controllers = ["memory", "pids"] as const;

/** Why `dir` cannot hold per-run groups, or null when its subtree has memory and pids enabled. */
export function refuseV2Parent(dir: string): string | null {
  let enabled: string[];
  try {
    enabled = readFileSync(join(dir, "cgroup.subtree_control"), "utf8").trim().split(/\s+/);
  } catch {
    return `${dir} is not a cgroup v2 directory`;
  }
  const missing = v2Controllers.filter((c) => !enabled.includes(c));
  if (missing.length === 0) return null;
  try {
    // Allowed when the group holds no process of its own (a delegated, otherwise empty subtree).
    writeFileSync(join(dir, "cgroup.subtree_control"), missing.map((c) => `+${c}`).join(" "));
    return null;
  } catch (err) {
    const available = readFileSync(join(dir, "cgroup.controllers"), "utf8").trim();
    return `${dir} does not delegate ${missing.join("+")} (controllers here: ${available || "none"}; ${
      isCode(err, "EBUSY") ? "it holds processes, so they cannot be enabled for its children" : String(err)
    })`;
  }
}

export function createResourceCgroupV2(
  parent: string,
  name: string,
  limits: { memoryMb: number; maxPids: number },
): ResourceCgroup {
  const dir = join(parent, name);
  mkdirSync(dir);
  writeFileSync(join(dir, "memory.max"), String(limits.memoryMb * 1024 * 1024));
  if (existsSync(join(dir, "memory.swap.max"))) writeFileSync(join(dir, "memory.swap.max"), "0");
  writeFileSync(join(dir, "pids.max"), String(limits.maxPids));
  return {
    procsFiles: [join(dir, "cgroup.procs")],
    limitHit() {
      if (readCounter(join(dir, "memory.events"), "oom_kill") > 0) return "memory";
      if (readCounter(join(dir, "pids.events"), "max") > 0) return "pids";
      return null;
    },
    killAll() {
      killGroupV2(dir);
    },
    async remove() {
      await removeRetrying(dir, () => killGroupV2(dir));
    },
  };
}

export function killGroupV2(dir: string): void {
  try {
    writeFileSync(join(dir, "cgroup.kill"), "1");
    return;
  } catch (err) {
    if (isCode(err, "ENOENT") && !existsSync(dir)) return;
    // An older kernel without cgroup.kill: kill the members one by one until none is left.
  }
  for (let round = 0; round < 50; round += 1) {
    const members = listMembers(dir);
    if (members.length === 0) return;
    for (const pid of members) killQuietly(pid);
  }
}

/** Start-up cleanup of the `xihe-*` groups a crashed process left behind. */
export function removeStaleCgroupsV2(parent: string, nowMs: number, minAgeMs: number): number {
  return removeStaleGroups(parent, nowMs, minAgeMs, killGroupV2);
}
