// What a fix run produced, as plain data: stored as the run's result, printed by the CLI and
// rendered in the PR comment.
import { z } from "zod";
import { budgetKind, spend } from "./budget.ts";
import { perception } from "./perceive-failures.ts";
import { traceEntrySchema } from "./reasoning-trace.ts";
import type { InstallEvidence } from "../../workspace/install/run-install-phase.ts";
import { verdict } from "./verify-change.ts";
import { reproduction } from "./compare-reproduction.ts";

export const fixStatus = z.enum(["done", "gave_up", "needs_input"]);
export type FixStatus = z.infer<typeof fixStatus>;

/** A commit the loop made: a rollback point, named by the step that made it. */
export const loopCommit = z.object({ sha: z.string(), stepId: z.string(), summary: z.string() });

/** The loop's outcome as stored in its `result` step (the install evidence is added by the caller). */
export const storedFixOutcome = z.object({
  status: fixStatus,
  reason: z.string(),
  branch: z.string().nullable(),
  baseCommit: z.string(),
  commits: z.array(loopCommit),
  perception,
  verdict: verdict.nullable(),
  rounds: z.number(),
  fixedBy: z.enum(["deterministic", "model"]).nullable(),
  question: z.string().nullable(),
  /** The exec step holding a high-risk change; approving it resumes the run with the change. */
  heldStep: z.string().nullable(),
  budgetStop: z.object({ kind: budgetKind, reason: z.string() }).nullable(),
  spend,
  trace: z.array(traceEntrySchema),
  /** CI's failures compared with the sandbox's; absent without CI evidence (the CLI, older runs). */
  reproduction: reproduction.nullable().optional(),
  /** The change against baseCommit as a unified diff (capped), when the loop made commits. */
  diff: z.string().optional(),
});

export type FixOutcome = z.infer<typeof storedFixOutcome> & {
  /** What the install phase did before the failing commands ran (absent in older stored runs). */
  install?: InstallEvidence;
};
