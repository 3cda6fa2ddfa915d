// Temp directories for workspace tests: tmpfs (/dev/shm) when present, since many-small-file
// work on the root disk is slow and erratic.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export function makeScratchDir(prefix: string): { dir: string; remove: () => void } {
  const base = existsSync("/dev/shm") ? "/dev/shm" : tmpdir();
  const dir = mkdtempSync(join(base, `xihe-test-${prefix}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
