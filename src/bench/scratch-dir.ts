// Where task checkouts go: /dev/shm when there is one, since the root disk can be slow for the many
// small files a checkout with node_modules has; else the system temp folder.
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";

export function scratchDir(): string {
  return process.platform === "linux" && existsSync("/dev/shm") ? "/dev/shm" : tmpdir();
}
