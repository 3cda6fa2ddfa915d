// Coverage files are written by the code under test, so they are read like any untrusted input:
// bounded in size, and a file that is not JSON is skipped rather than failing the localization.
import { readFileSync, statSync } from "node:fs";

const MAX_COVERAGE_BYTES = 64 * 1024 * 1024;

export function readCoverageJson(path: string): unknown {
  if (statSync(path).size > MAX_COVERAGE_BYTES) return null;
  try {
    return JSON.parse(readFileSync(path, "utf8")) as unknown;
  } catch (err) {
    if (err instanceof SyntaxError) return null;
    throw err;
  }
}
