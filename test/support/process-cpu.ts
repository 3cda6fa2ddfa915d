// CPU time a process has used so far (user + system), read from /proc on Linux: what a load
// scenario's processes spent during a burst, to tell the App's own cost from the machine's load.
import { readFileSync } from "node:fs";

/** Milliseconds of CPU the process has used, or null where /proc is not there (not Linux, exited). */
export function processCpuMs(pid: number): number | null {
  try {
    // Fields after the parenthesised command name; utime and stime are the 12th and 13th of them.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    // The kernel counts in USER_HZ ticks, 100 a second on every Linux build Node.js supports.
    return Number.isFinite(ticks) ? ticks * 10 : null;
  } catch {
    return null;
  }
}

/** CPU milliseconds the processes used between two readings (null if any could not be read). */
export function cpuSpent(before: (number | null)[], after: (number | null)[]): number | null {
  if (before.some((v) => v === null) || after.some((v) => v === null)) return null;
  return after.reduce<number>((sum, v, i) => sum + v! - before[i]!, 0);
}
