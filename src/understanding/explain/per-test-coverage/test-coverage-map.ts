// Per-test-file coverage of one commit: for each test file run alone in the sandbox, the repository
// lines (and, for modules a runner transformed, the function names) it executed. Saved as JSON per
// head SHA, so a second `xihe explain` of the same commit reads it instead of running the tests.
import { z } from "zod";
import type { CoverageByFile } from "../../localize/dynamic/v8-coverage-lines.ts";

export interface TestCoverageMap {
  headSha: string;
  /** The test command the files were run with. */
  command: string;
  /** Test file -> what its run executed, and how it exited (a failing file still ran its code). */
  tests: Map<string, { exitCode: number | null; coverage: CoverageByFile }>;
}

const saved = z.object({
  headSha: z.string(),
  command: z.string(),
  tests: z.record(
    z.string(),
    z.object({
      exitCode: z.number().int().nullable(),
      files: z.record(
        z.string(),
        z.object({ lines: z.array(z.number().int()), functionNames: z.array(z.string()) }),
      ),
    }),
  ),
});

export function coverageMapToJson(map: TestCoverageMap): string {
  const tests = Object.fromEntries(
    [...map.tests].map(([test, run]) => [
      test,
      {
        exitCode: run.exitCode,
        files: Object.fromEntries(
          [...run.coverage].map(([file, c]) => [
            file,
            { lines: [...c.lines].sort((a, b) => a - b), functionNames: [...c.functionNames].sort() },
          ]),
        ),
      },
    ]),
  );
  return JSON.stringify({ headSha: map.headSha, command: map.command, tests });
}

/** Throws a zod error naming the field when the text is not what coverageMapToJson wrote. */
export function coverageMapFromJson(text: string): TestCoverageMap {
  const parsed = saved.parse(JSON.parse(text));
  return {
    headSha: parsed.headSha,
    command: parsed.command,
    tests: new Map(
      Object.entries(parsed.tests).map(([test, run]) => [
        test,
        {
          exitCode: run.exitCode,
          coverage: new Map(
            Object.entries(run.files).map(([file, c]) => [
              file,
              { lines: new Set(c.lines), functionNames: new Set(c.functionNames) },
            ]),
          ),
        },
      ]),
    ),
  };
}
