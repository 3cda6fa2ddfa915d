// Scratch folders for tests, removed when the test file ends (test/setup.ts) whether or not the test
// removes them itself, so a suite run leaves nothing in the temporary directory: before, every run
// left hundreds of store, repository and server folders behind.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const made = new Set<string>();

export function scratchDir(prefix: string): string {
  return remembered(mkdtempSync(join(tmpdir(), prefix)));
}

/**
 * On tmpfs (/dev/shm) when present, for workspace tests: many-small-file work on the root disk is
 * slow and erratic. `remove` lets a test free it early.
 */
export function makeScratchDir(prefix: string): { dir: string; remove: () => void } {
  const base = existsSync("/dev/shm") ? "/dev/shm" : tmpdir();
  const dir = remembered(mkdtempSync(join(base, `xihe-test-${prefix}-`)));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

function remembered(dir: string): string {
  made.add(dir);
  return dir;
}

export function removeScratchDirs(): void {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
  made.clear();
}
