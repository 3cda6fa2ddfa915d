// The reasoning trace: per step a structured record of what was decided and on what evidence, not
// free-form chain of thought. Stored with the step and rendered in the PR comment.
import { z } from "zod";
export const traceEntrySchema = z.object({
  step: z.string(),
  decision: z.string(),
  evidence: z.array(z.string()),
  /** 0..1; 1 for mechanical facts (a command's exit code), the model's own figure for its claims. */
  confidence: z.number(),
});
export type TraceEntry = z.infer<typeof traceEntrySchema>;

export function traceEntry(
  step: string,
  decision: string,
  evidence: readonly string[],
  confidence: number,
): TraceEntry {
  return {
    step,
    decision,
    evidence: evidence.map((e) => e.slice(0, 300)).slice(0, 10),
    confidence: Math.max(0, Math.min(1, confidence)),
  };
}
