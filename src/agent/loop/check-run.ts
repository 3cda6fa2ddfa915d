// One run of a configured command in the sandbox, reduced to what the loop reasons about: exit code,
// the tail of the output, and the failures perception finds in it. Plain JSON, so it can be stored.
import { z } from "zod";
import type { Failure } from "../../perception/failure.ts";

export const failureBrief = z.object({
  tool: z.string(),
  kind: z.string(),
  file: z.string().nullable(),
  line: z.number().nullable(),
  test: z.string().nullable(),
  message: z.string(),
});
export type FailureBrief = z.infer<typeof failureBrief>;

export const checkRun = z.object({
  command: z.string(),
  exitCode: z.number().nullable(),
  timedOut: z.boolean(),
  durationMs: z.number(),
  /** Last part of stdout+stderr, where runners print their summary. */
  tail: z.string(),
  failures: z.array(failureBrief),
  /** Perception's verdict: code | transient | flaky | config; "pass" when the command succeeded. */
  verdict: z.string(),
  evidence: z.string(),
});
export type CheckRun = z.infer<typeof checkRun>;

export function briefFailure(f: Failure): FailureBrief {
  return {
    tool: f.tool,
    kind: f.kind,
    file: f.file,
    line: f.line,
    test: f.test,
    message: f.message.slice(0, 500),
  };
}

export const isPassing = (run: CheckRun): boolean => run.exitCode === 0 && !run.timedOut;
