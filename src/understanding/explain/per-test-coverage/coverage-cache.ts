// The per-test coverage of a commit, kept under the checkout's `.xihe/` (ignored by git through its
// own .gitignore) as `explain-coverage-<head sha>.json`. A file there that is not a plain regular file
// (a committed symlink) is never read or written through; an unreadable one is run again.
import { lstatSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { workspaceCachePath } from "../../workspace-cache-path.ts";
import { coverageMapFromJson, coverageMapToJson, type TestCoverageMap } from "./test-coverage-map.ts";

export function coverageCachePath(root: string, headSha: string): string {
  if (!/^[0-9a-f]{7,64}$/.test(headSha)) throw new Error(`not a commit id: ${headSha}`);
  return join(dirname(workspaceCachePath(root)), `explain-coverage-${headSha}.json`);
}

/** The saved map of this head, or null when there is none (or it cannot be trusted). */
export function readCoverageCache(root: string, headSha: string): TestCoverageMap | null {
  const path = coverageCachePath(root, headSha);
  try {
    if (!lstatSync(path).isFile()) return null;
    const map = coverageMapFromJson(readFileSync(path, "utf8"));
    return map.headSha === headSha ? map : null;
  } catch {
    return null; // absent, or not what we wrote: the caller runs the tests again when asked to
  }
}

export function writeCoverageCache(root: string, map: TestCoverageMap): string {
  const path = coverageCachePath(root, map.headSha);
  const temp = `${path}.${process.pid}.tmp`;
  // "wx" never follows a link planted at the temp name; rename replaces a link, never its target.
  writeFileSync(temp, coverageMapToJson(map), { flag: "wx", mode: 0o600 });
  renameSync(temp, path);
  return path;
}
