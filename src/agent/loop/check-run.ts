// One run of a configured command in the sandbox, reduced to what the loop reasons about: exit code,
// the tail of the output, and the failures perception finds in it. Plain JSON, so it can be stored.
import type { Failure } from "../../perception/failure.ts";

export type FailureBrief = {
  tool: string;
  kind: string;
  file: string | null;
  line: number | null;
  test: string | null;
  message: string;
};

export type CheckRun = {
  command: string;
  exitCode: number | null;
  timedOut: boolean;
  durationMs: number;
  /** Last part of stdout+stderr, where runners print their summary. */
  tail: string;
  failures: FailureBrief[];
  /** Perception's verdict: code | transient | flaky | config; "pass" when the command succeeded. */
  verdict: string;
  evidence: string;
};

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
