// The executions of a dynamic run as plain JSON (`xihe locate --run ... --save-coverage FILE`): per
// run, whether it failed, how many tests it stands for (and whether it ran whole test files), and per repository file the lines (and, for
// transformed modules, the function names) it ran. Read back to re-rank without re-running tests.
// The per-file part is also how `xihe explain --coverage` saves its per-test-file maps.
import { z } from "zod";
import type { Execution } from "./spectrum-signal.ts";
import type { CoverageByFile } from "./v8-coverage-lines.ts";

/** What one run executed, per repository file, as saved JSON. */
export const coverageFilesSchema = z.record(
  z.string(),
  z.object({
    lines: z.array(z.number().int()),
    functionNames: z.array(z.string()),
    // Python's callers per callee (FileCoverage.callers); absent for V8 and in older files.
    callers: z.record(z.string(), z.array(z.string())).optional(),
  }),
);

const savedExecutions = z.object({
  executions: z.array(
    z.object({
      failed: z.boolean(),
      tests: z.number().int().positive(),
      // Absent in files saved before it was recorded: read as not known to be whole files.
      wholeFiles: z.boolean().optional(),
      files: coverageFilesSchema,
    }),
  ),
});

export function coverageToFiles(coverage: CoverageByFile): z.infer<typeof coverageFilesSchema> {
  return Object.fromEntries(
    [...coverage].map(([file, c]) => [
      file,
      {
        lines: [...c.lines].sort((a, b) => a - b),
        functionNames: [...c.functionNames].sort(),
        ...(c.callers
          ? {
              callers: Object.fromEntries(
                [...c.callers].map(([callee, sites]) => [callee, [...sites].sort()]),
              ),
            }
          : {}),
      },
    ]),
  );
}

export function coverageFromFiles(files: z.infer<typeof coverageFilesSchema>): CoverageByFile {
  return new Map(
    Object.entries(files).map(([file, c]) => [
      file,
      {
        lines: new Set(c.lines),
        functionNames: new Set(c.functionNames),
        ...(c.callers
          ? { callers: new Map(Object.entries(c.callers).map(([callee, sites]) => [callee, new Set(sites)])) }
          : {}),
      },
    ]),
  );
}

export function executionsToJson(executions: readonly Execution[]): string {
  return JSON.stringify({
    executions: executions.map((e) => ({
      failed: e.failed,
      tests: e.tests ?? 1,
      // Written either way: a reader tells a file saved before the mark (absent) from "not whole".
      wholeFiles: e.wholeFiles === true,
      files: coverageToFiles(e.coverage),
    })),
  });
}

/** Throws a zod error naming the field when the text is not what executionsToJson wrote. */
export function executionsFromJson(text: string): Execution[] {
  return savedExecutions.parse(JSON.parse(text)).executions.map((e) => ({
    failed: e.failed,
    tests: e.tests,
    ...(e.wholeFiles === undefined ? {} : { wholeFiles: e.wholeFiles }),
    coverage: coverageFromFiles(e.files),
  }));
}
