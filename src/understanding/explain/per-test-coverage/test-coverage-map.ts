// Per-test-file coverage of one commit: for each test file run alone in the sandbox, the repository
// lines (and, for modules a runner transformed, the function names) it executed. Saved as JSON with
// everything it depends on (its key): the head, the changed files (so the base), the test files run,
// the test command and the version of the code that reads coverage, so a second `xihe explain` of the
// same question reads it instead of running the tests, and any other question runs them again.
import { z } from "zod";
import {
  coverageFilesSchema,
  coverageFromFiles,
  coverageToFiles,
} from "../../localize/dynamic/executions-json.ts";
import type { CoverageByFile } from "../../localize/dynamic/v8-coverage-lines.ts";

/** Raised when what a run's coverage means changes (how lines or names are read), so old maps are not used. */
export const coverageExtractorVersion = 2;

export interface CoverageKey {
  headSha: string;
  /** The test command the files were run with. */
  command: string;
  /** The diff's files, sorted: another base is another question. */
  changedFiles: string[];
  /** The test files selected to run, sorted. */
  testFiles: string[];
  extractor: number;
}

export interface TestCoverageMap extends CoverageKey {
  /** Test file -> what its run executed, and how it exited (a failing file still ran its code). */
  tests: Map<string, { exitCode: number | null; coverage: CoverageByFile }>;
}

export function coverageKey(input: Omit<CoverageKey, "extractor">): CoverageKey {
  return {
    headSha: input.headSha,
    command: input.command,
    changedFiles: [...new Set(input.changedFiles)].sort(),
    testFiles: [...new Set(input.testFiles)].sort(),
    extractor: coverageExtractorVersion,
  };
}

const saved = z.object({
  headSha: z.string(),
  command: z.string(),
  changedFiles: z.array(z.string()),
  testFiles: z.array(z.string()),
  extractor: z.number().int(),
  tests: z.record(
    z.string(),
    z.object({ exitCode: z.number().int().nullable(), files: coverageFilesSchema }),
  ),
});

export function coverageMapToJson(map: TestCoverageMap): string {
  const tests = Object.fromEntries(
    [...map.tests].map(([test, run]) => [
      test,
      { exitCode: run.exitCode, files: coverageToFiles(run.coverage) },
    ]),
  );
  const { tests: _tests, ...key } = map;
  return JSON.stringify({ ...key, tests });
}

/** Throws a zod error naming the field when the text is not what coverageMapToJson wrote. */
export function coverageMapFromJson(text: string): TestCoverageMap {
  const { tests, ...key } = saved.parse(JSON.parse(text));
  return {
    ...key,
    tests: new Map(
      Object.entries(tests).map(([test, run]) => [
        test,
        { exitCode: run.exitCode, coverage: coverageFromFiles(run.files) },
      ]),
    ),
  };
}
