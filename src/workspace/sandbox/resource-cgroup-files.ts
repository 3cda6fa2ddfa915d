// File-level helpers both cgroup versions share: member lists, event counters, quiet kills and a
// removal that waits for killed members to be torn down.
import { readFileSync, readdirSync, rmdirSync, statSync } from "node:fs";
import { join } from "node:path";

export function listMembers(dir: string): number[] {
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

/** The value of `key N` in a flat keyed file (memory.events, pids.events, memory.oom_control). */
export function readCounter(file: string, key: string): number {
  try {
    const line = readFileSync(file, "utf8")
      .split("\n")
      .find((l) => l.startsWith(`${key} `));
    return line ? Number(line.split(" ")[1]) : 0;
  } catch {
    return 0;
  }
}

export function killQuietly(pid: number): void {
  try {
    process.kill(pid, "SIGKILL");
  } catch (err) {
    if (!isCode(err, "ESRCH")) throw err;
  }
}

/** rmdir, retried for about 5 s: a killed process stays a member until the kernel has torn it down. */
export async function removeRetrying(dir: string, killMembers: () => void): Promise<void> {
  for (let attempt = 0; attempt < 250; attempt += 1) {
    try {
      rmdirSync(dir);
      return;
    } catch (err) {
      if (isCode(err, "ENOENT")) return;
      if (!isCode(err, "EBUSY") || attempt === 249) throw err;
      killMembers();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

export function isCode(err: unknown, code: string): boolean {
  return err instanceof Error && "code" in err && err.code === code;
}

/**
 * Start-up cleanup under one parent: removes the `xihe-*` groups a crashed process left behind,
 * killing their members first. Only groups older than `minAgeMs` are touched, so a group another
 * live run just created (and has not joined yet) survives.
 */
export function removeStaleGroups(
  parent: string,
  nowMs: number,
  minAgeMs: number,
  kill: (dir: string) => void,
): number {
  let removed = 0;
  for (const name of readdirSync(parent).filter((n) => n.startsWith("xihe-"))) {
    const dir = join(parent, name);
    if (nowMs - statSync(dir).mtimeMs < minAgeMs) continue;
    kill(dir);
    try {
      rmdirSync(dir);
      removed += 1;
    } catch (err) {
      if (!isCode(err, "EBUSY") && !isCode(err, "ENOENT")) throw err;
    }
  }
  return removed;
}
