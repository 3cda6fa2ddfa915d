// Where an open file descriptor really points (Linux: /proc/self/fd), so a read or write is checked
// against the file it actually reached, not against a path a concurrent process could have swapped.
import { readlinkSync } from "node:fs";

/** The absolute path of the file behind `fd`, or null where the platform cannot tell. */
export function openedPath(fd: number): string | null {
  try {
    return readlinkSync(`/proc/self/fd/${fd}`).replace(/ \(deleted\)$/, "");
  } catch (err) {
    // No /proc (macOS, a container without it): the realpath check before opening stands alone.
    if (err instanceof Error && "code" in err && (err.code === "ENOENT" || err.code === "ENOTDIR"))
      return null;
    throw err;
  }
}
