// What a pull-request run records about its PR when it is created (github/create-pr-run.ts), so the
// worker never re-reads the PR (threat model A09). Each verb reads the part it needs from this schema.
// Absent keys keep the readers' long-standing defaults; a key of the wrong type is an error.
import { z } from "zod";

export const prRunContext = z.object({
  headRef: z.string().default(""),
  /** "owner/name" of the head repository; null when the fork was deleted. */
  headRepo: z.string().nullable().default(null),
  cloneUrl: z.string().optional(),
  headCloneUrl: z.string().nullable().default(null),
  baseRef: z.string().optional(),
  isFork: z.boolean().default(false),
  maintainerCanModify: z.boolean().default(false),
  defaultBranch: z.string().default("main"),
  policyHash: z.string().optional(),
  prState: z.string().optional(),
  /** The comment that asked (comment trigger). */
  commentId: z.number().int().optional(),
  /** The check whose failure started the run (check trigger). */
  failedCheck: z.string().optional(),
});

/** What the trigger writes (defaults are the reader's business). */
export type PrRunContextInput = z.input<typeof prRunContext>;
