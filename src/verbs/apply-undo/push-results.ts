// The stored outputs of the `apply:push` and `undo:push` steps, checked against delivery's result
// types: a retried run replays the push it already made instead of pushing again.
import { z } from "zod";
import type { ApplyFixResult } from "../../delivery/apply-fix.ts";
import type { UndoFixResult } from "../../delivery/undo-fix.ts";

export const applyPushResult = z.discriminatedUnion("applied", [
  z.object({
    applied: z.literal(true),
    method: z.enum(["fast_forward", "merge"]),
    before: z.string(),
    after: z.string(),
    commits: z.array(z.string()),
  }),
  z.object({ applied: z.literal(false), reason: z.literal("already_applied"), head: z.string() }),
]) satisfies z.ZodType<ApplyFixResult>;

export const undoPushResult = z.discriminatedUnion("undone", [
  z.object({
    undone: z.literal(true),
    before: z.string(),
    after: z.string(),
    reverted: z.array(z.object({ sha: z.string(), revertSha: z.string() })),
  }),
  z.object({ undone: z.literal(false), reason: z.literal("already_undone"), head: z.string() }),
]) satisfies z.ZodType<UndoFixResult>;
