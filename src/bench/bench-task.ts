// One bench task: a repository at a commit where the `failing` commands fail, plus the whole suite
// the bench re-runs after the fix to see that nothing else broke. The ground truth (`truth`) is for
// reports only; nothing of it reaches the fix run.
import { z } from "zod";

export const taskKind = z.enum(["mutation", "lint", "format", "other"]);
export type TaskKind = z.infer<typeof taskKind>;

export const benchTask = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$/, "letters, digits, '.', '_' or '-', at most 80"),
    /** A git bundle or a git checkout; relative paths are relative to the pack's tasks file. */
    repo: z.string().min(1),
    commit: z.string().regex(/^[0-9a-f]{40}$/, "a full 40-hex commit id"),
    kind: taskKind.default("other"),
    /** Commands that fail at `commit` and must pass after the fix. */
    failing: z.array(z.string().min(1)).min(1),
    /** The whole suite, re-run by the bench after the fix; default: the failing commands. */
    suite: z.array(z.string().min(1)).optional(),
    truth: z
      .object({
        file: z.string(),
        line: z.number().int(),
        op: z.string(),
        original: z.string(),
        broken: z.string(),
      })
      .optional(),
  })
  .strict();
export type BenchTask = z.infer<typeof benchTask>;

/** The suite the bench judges a fix by. */
export function suiteOf(task: BenchTask): string[] {
  return task.suite ?? task.failing;
}
