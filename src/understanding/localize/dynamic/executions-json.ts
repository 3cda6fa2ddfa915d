// The executions of a dynamic run as plain JSON (`xihe locate --run ... --save-coverage FILE`): per
// run, whether it failed, how many tests it stands for, and per repository file the lines (and, for
// transformed modules, the function names) it ran. Read back to re-rank without re-running tests.
import { z } from "zod";
import type { Execution } from "./spectrum-signal.ts";

const savedExecutions = z.object({
  executions: z.array(
    z.object({
      failed: z.boolean(),
      tests: z.number().int().positive(),
      files: z.record(
        z.string(),
        z.object({ lines: z.array(z.number().int()), functionNames: z.array(z.string()) }),
      ),
    }),
  ),
});

export function executionsToJson(executions: readonly Execution[]): string {
  return JSON.stringify({
    executions: executions.map((e) => ({
      failed: e.failed,
      tests: e.tests ?? 1,
      files: Object.fromEntries(
        [...e.coverage].map(([file, c]) => [
          file,
          { lines: [...c.lines].sort((a, b) => a - b), functionNames: [...c.functionNames].sort() },
        ]),
      ),
    })),
  });
}

/** Throws a zod error naming the field when the text is not what executionsToJson wrote. */
export function executionsFromJson(text: string): Execution[] {
  return savedExecutions.parse(JSON.parse(text)).executions.map((e) => ({
    failed: e.failed,
    tests: e.tests,
    coverage: new Map(
      Object.entries(e.files).map(([file, c]) => [
        file,
        { lines: new Set(c.lines), functionNames: new Set(c.functionNames) },
      ]),
    ),
  }));
}
