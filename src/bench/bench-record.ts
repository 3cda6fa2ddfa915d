// One line of a bench's results.jsonl: what one task's fix run did and what the bench's own check
// found. `solved` is the bench's verdict, never the loop's: the failing commands pass, the whole
// suite passes again, and the fix does not weaken a test.
import { z } from "zod";
import { taskKind } from "./bench-task.ts";

const commandExit = z.object({ command: z.string(), exitCode: z.number().nullable() });

export const benchRecord = z.object({
  taskId: z.string(),
  kind: taskKind,
  /** The model that planned ("none" for a deterministic-only run). */
  model: z.string(),
  startedAt: z.string(),
  /** "invalid": the task's failing commands did not fail before the fix; "error": the run crashed. */
  outcome: z.enum(["solved", "not_solved", "invalid", "error"]),
  solved: z.boolean(),
  solvedFirstAttempt: z.boolean(),
  /** Why it does not count as solved, in one line (null when solved). */
  because: z.string().nullable(),
  loop: z.object({
    status: z.string(),
    reason: z.string(),
    fixedBy: z.enum(["deterministic", "model"]).nullable(),
  }),
  rounds: z.number(),
  repairRounds: z.number(),
  toolCalls: z.number(),
  modelCalls: z.number(),
  inputTokens: z.number(),
  outputTokens: z.number(),
  costUsd: z.number(),
  /** The fix run's wall time (install, reproduce, localize, fix, verify). */
  wallMs: z.number(),
  /** The bench's own re-run of the failing commands and the suite. */
  judgeMs: z.number(),
  heldForApproval: z.boolean(),
  testWeakening: z.array(z.object({ path: z.string(), kind: z.string(), held: z.boolean() })),
  judge: z
    .object({
      failing: z.array(commandExit),
      suite: z.array(commandExit),
      /** Tests the suite reports failing after the fix. */
      brokenTests: z.array(z.string()),
    })
    .nullable(),
});
export type BenchRecord = z.infer<typeof benchRecord>;
