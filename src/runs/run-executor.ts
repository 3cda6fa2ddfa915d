// The contract between the worker (lifecycle) and what a verb does (fix, explain, ...). An executor
// gets plain data and a persisted-step function, and returns an outcome; it never touches the store's
// run status itself.
import type { Logger } from "../logger.ts";
import type { Step } from "../agent/step.ts";
import type { Json, RunRecord, RunVerb } from "../store/store.ts";
import type { SuggestionKey } from "../notify/alert-event.ts";

export interface RunContext {
  run: RunRecord;
  signal: AbortSignal;
  log: Logger;
  /** Runs fn as a persisted step; a step that already succeeded returns its stored output, parsed. */
  step: Step;
  /** Merges keys into the run's context (e.g. the status comment URL). */
  remember(values: Record<string, Json>): Promise<void>;
  /** A short line of progress for the sticky comment / terminal. */
  progress(text: string): Promise<void>;
}

export interface RunOutcome {
  status: "succeeded" | "failed" | "needs_input";
  /** One line, shown as the check run title and in `/xihe status`. */
  summary: string;
  /** Markdown body for the status comment and check run summary. */
  body: string;
  /** Check-run annotations on lines perception found and the run did not fix. */
  annotations?: { path: string; line: number; message: string; level: "failure" | "warning" | "notice" }[];
  /** What an alert about this outcome says (notify/); absent: a generic failure, no retries. */
  alert?: { failureClass: string; retries: number; suggestion: SuggestionKey };
}

export type RunExecutor = (ctx: RunContext) => Promise<RunOutcome>;

export type ExecutorTable = Partial<Record<RunVerb, RunExecutor>>;

/** Visible progress of a run outside Xihe (GitHub comment + check run, or a terminal). */
export interface RunReporter {
  started(ctx: RunContext): Promise<void>;
  progress(ctx: RunContext, text: string): Promise<void>;
  finished(
    ctx: RunContext,
    outcome: RunOutcome | { status: "cancelled"; summary: string; body: string },
  ): Promise<void>;
}
