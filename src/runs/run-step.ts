// A step is persisted before and after it runs. A step that already succeeded is not run again:
// its stored output is parsed with the step's schema and returned, which is what makes resumed runs
// and retried side effects safe. A stored output that no longer fits (written by an older version)
// fails the step loudly, naming the step and the field, rather than flowing on as a wrong shape.
import type { z } from "zod";
import type { Step, StepAttempt, StepSpec } from "../agent/step.ts";
import { XiheError } from "../errors.ts";
import type { Json, Store } from "../store/store.ts";
import { toJson } from "../store/to-json.ts";
import { describeZodIssues } from "./zod-issues.ts";

export interface StepDeps {
  store: Store;
  now: () => Date;
  /** Called before a step that has not succeeded starts; throws to stop the run there (shutdown). */
  beforeStep?: () => void;
}

/** A succeeded step's stored output does not parse with the schema its step declares. */
export class StoredStepMismatch extends XiheError {
  readonly code = "stored_step_mismatch";
}

/** The persisted-step function of one run. */
export function createStep(deps: StepDeps, runId: string): Step {
  const step = <T>(stepId: string, spec: StepSpec<T>, fn: (attempt?: StepAttempt) => Promise<T>) =>
    runStep(deps, { runId, stepId, ...spec }, fn);
  return Object.assign(step, {
    async replayed<T>(stepId: string, output: z.ZodType<T>): Promise<T | null> {
      const existing = await deps.store.getStep(runId, stepId);
      return existing?.status === "succeeded" ? parseStored(runId, stepId, output, existing.output) : null;
    },
  });
}

export async function runStep<T>(
  deps: StepDeps,
  spec: StepSpec<T> & { runId: string; stepId: string },
  fn: (attempt?: StepAttempt) => Promise<T>,
): Promise<T> {
  const { runId, stepId, kind, input } = spec;
  const existing = await deps.store.getStep(runId, stepId);
  if (existing?.status === "succeeded") return parseStored(runId, stepId, spec.output, existing.output);
  deps.beforeStep?.();
  await deps.store.startStep({ runId, stepId, kind, input, startedAt: deps.now().toISOString() });
  try {
    // Stored as JSON and returned as the schema reads that JSON back: a fresh run and its replay see
    // the same value, and an output the schema cannot read back fails now, not on some later resume.
    const value = await fn({ again: existing !== null });
    const output: Json = value === undefined ? null : toJson(value);
    const parsed = parseStored(runId, stepId, spec.output, output);
    await deps.store.finishStep(runId, stepId, {
      status: "succeeded",
      output,
      error: null,
      endedAt: deps.now().toISOString(),
    });
    return parsed;
  } catch (err) {
    await deps.store.finishStep(runId, stepId, {
      status: "failed",
      output: null,
      error: describeError(err),
      endedAt: deps.now().toISOString(),
    });
    throw err;
  }
}

function parseStored<T>(runId: string, stepId: string, schema: z.ZodType<T>, stored: Json): T {
  const parsed = schema.safeParse(stored);
  if (parsed.success) return parsed.data;
  throw new StoredStepMismatch(
    `step ${stepId} of run ${runId}: its stored output does not fit the current shape (${describeZodIssues(parsed.error)}); ` +
      "it was written by an incompatible version of Xihe, so start the run again instead of resuming it",
    { cause: parsed.error },
  );
}

function describeError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = "code" in err && typeof err.code === "string" ? `${err.code}: ` : "";
  return `${code}${err.message}`;
}
