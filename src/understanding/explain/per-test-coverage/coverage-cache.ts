// The per-test coverage of a question, kept under the checkout's `.xihe/` (ignored by git through its
// own .gitignore) as `explain-coverage-<head sha>-<digest>.json`, the digest of the rest of its key
// (changed files, test files, extractor version). The saved key is compared in full on reading; the
// test command only when one is asked for (explain without --coverage takes the map of any command).
// A file there that is not a plain regular file (a committed symlink) is never read or written
// through; an unreadable one is run again.
import { createHash } from "node:crypto";
import { lstatSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { workspaceCachePath } from "../../workspace-cache-path.ts";
import {
  coverageMapFromJson,
  coverageMapToJson,
  type CoverageKey,
  type TestCoverageMap,
} from "./test-coverage-map.ts";

export function coverageCachePath(root: string, key: CoverageKey): string {
  if (!/^[0-9a-f]{7,64}$/.test(key.headSha)) throw new Error(`not a commit id: ${key.headSha}`);
  const digest = createHash("sha256")
    .update(JSON.stringify([key.extractor, key.changedFiles, key.testFiles]))
    .digest("hex")
    .slice(0, 16);
  return join(dirname(workspaceCachePath(root)), `explain-coverage-${key.headSha}-${digest}.json`);
}

/**
 * The saved map for this key, or null when there is none (or it cannot be trusted). `command` null:
 * whichever command made it.
 */
export function readCoverageCache(
  root: string,
  key: Omit<CoverageKey, "command"> & { command: string | null },
): TestCoverageMap | null {
  const path = coverageCachePath(root, { ...key, command: key.command ?? "" });
  try {
    if (!lstatSync(path).isFile()) return null;
    const map = coverageMapFromJson(readFileSync(path, "utf8"));
    const same =
      map.headSha === key.headSha &&
      map.extractor === key.extractor &&
      (key.command === null || map.command === key.command) &&
      sameList(map.changedFiles, key.changedFiles) &&
      sameList(map.testFiles, key.testFiles);
    return same ? map : null;
  } catch {
    return null; // absent, or not what we wrote: the caller runs the tests again when asked to
  }
}

export function writeCoverageCache(root: string, map: TestCoverageMap): string {
  const path = coverageCachePath(root, map);
  const temp = `${path}.${process.pid}.tmp`;
  // "wx" never follows a link planted at the temp name; rename replaces a link, never its target.
  writeFileSync(temp, coverageMapToJson(map), { flag: "wx", mode: 0o600 });
  renameSync(temp, path);
  return path;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
