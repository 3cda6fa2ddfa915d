// Per-run cgroup (v1 memory + pids) that holds even for uid 0, where RLIMIT_NPROC does not bind.
// The process joins it before exec (see run-contained.ts), so nothing it forks can escape; at the
// end every member is SIGKILLed and the group removed.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";

export interface ResourceCgroup {
  /** cgroup.procs files the child writes its pid into before exec. */
  readonly procsFiles: readonly string[];
  /** "memory" or "pids" when the kernel enforced a limit during the run. */
  limitHit(): "memory" | "pids" | null;
  /** SIGKILLs every process still in the group (also ones that escaped the process group). */
  killAll(): void;
  /** Removes the group, waiting briefly for killed members to finish exiting. */
  remove(): Promise<void>;
}

const controllers = ["memory", "pids"] as const;

/** The directory of each controller we may create groups under, or null when cgroup v1 is unusable. */
export function findCgroupParents(
  cgroupRoot = "/sys/fs/cgroup",
): Record<(typeof controllers)[number], string> | null {
  let own = "";
  try {
    own = readFileSync("/proc/self/cgroup", "utf8");
  } catch {
    return null;
  }
  const found: Partial<Record<(typeof controllers)[number], string>> = {};
  for (const controller of controllers) {
    const line = own.split("\n").find((l) => l.split(":")[1]?.split(",").includes(controller));
    const relative = line?.split(":")[2] ?? "/";
    const dir = join(cgroupRoot, controller, relative);
    if (!existsSync(join(dir, "cgroup.procs"))) return null;
    found[controller] = dir;
  }
  return found.memory && found.pids ? { memory: found.memory, pids: found.pids } : null;
}

export function createResourceCgroup(
  parents: Record<(typeof controllers)[number], string>,
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
  const dirs = [memory, pids];
  return {
    procsFiles: dirs.map((d) => join(d, "cgroup.procs")),
    limitHit() {
      if (readCounter(join(memory, "memory.oom_control"), "oom_kill") > 0) return "memory";
      if (readCounter(join(pids, "pids.events"), "max") > 0) return "pids";
      return null;
    },
    killAll() {
      // A fork loop can add members while we kill: repeat until the group is empty.
      for (let round = 0; round < 50; round += 1) {
        const members = listMembers(pids);
        if (members.length === 0) return;
        for (const pid of members) killQuietly(pid);
      }
    },
    async remove() {
      for (const dir of dirs) {
        // A killed process stays a member until the kernel has torn it down: retry for about 5 s.
        for (let attempt = 0; attempt < 250; attempt += 1) {
          try {
            rmdirSync(dir);
            break;
          } catch (err) {
            if (isCode(err, "ENOENT")) break;
            if (!isCode(err, "EBUSY") || attempt === 249) throw err;
            for (const pid of listMembers(dir)) killQuietly(pid);
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        }
      }
    },
  };
}

/**
 * Start-up cleanup: removes `xihe-*` groups a crashed process left behind. Only groups older than
 * `minAgeMs` are touched, so a group another live run just created (and has not joined yet) survives.
 */
export function removeStaleCgroups(
  parents: Record<(typeof controllers)[number], string>,
  nowMs: number,
  minAgeMs = 60_000,
): number {
  let removed = 0;
  for (const parent of [parents.memory, parents.pids]) {
    for (const name of readdirSync(parent).filter((n) => n.startsWith("xihe-"))) {
      const dir = join(parent, name);
      if (nowMs - statSync(dir).mtimeMs < minAgeMs) continue;
      for (const pid of listMembers(dir)) killQuietly(pid);
      try {
        rmdirSync(dir);
        removed += 1;
      } catch (err) {
        if (!isCode(err, "EBUSY") && !isCode(err, "ENOENT")) throw err;
      }
    }
  }
  return removed;
}

function listMembers(dir: string): number[] {
  try {
    return readFileSync(join(dir, "cgroup.procs"), "utf8")
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map(Number);
  } catch (err) {
    if (isCode(err, "ENOENT")) return [];
    throw err;
  }
}

function readCounter(file: string, key: string): number {
  try {
    const line = readFileSync(file, "utf8")
      .split("\n")
      .find((l) => l.startsWith(`${key} `));
    return line ? Number(line.split(" ")[1]) : 0;
  } catch {
    return 0;
  }
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, "SIGKILL");
  } catch (err) {
    if (!isCode(err, "ESRCH")) throw err;
  }
}

function isCode(err: unknown, code: string): boolean {
  return err instanceof Error && "code" in err && err.code === code;
}
