// Finds live processes whose argv contains a marker, to prove nothing outlived a sandboxed command.
import { readdirSync, readFileSync } from "node:fs";

export function processesWithMarker(marker: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    let cmdline = "";
    try {
      cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8");
    } catch {
      continue; // exited while we scanned
    }
    if (cmdline.includes(marker)) found.push(Number(entry));
  }
  return found;
}
