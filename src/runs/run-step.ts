// A step is persisted before and after it runs. A step that already succeeded is not run again:
// its stored output is returned, which is what makes resumed runs and retried side effects safe.
import type { Json, Store } from "../store/store.ts";

export interface StepDeps {
  store: Store;
  now: () => Date;
}

export interface StepSpec {
  runId: string;
  stepId: string;
  kind: string;
  input: Json;
}

export type StepOutcome<T extends Json> = { output: T; replayed: boolean };

export async function runStep<T extends Json>(
  deps: StepDeps,
  spec: StepSpec,
  fn: () => Promise<T>,
): Promise<StepOutcome<T>> {
  const existing = await deps.store.getStep(spec.runId, spec.stepId);
  if (existing?.status === "succeeded") return { output: existing.output as T, replayed: true };
  await deps.store.startStep({ ...spec, startedAt: deps.now().toISOString() });
  try {
    const output = await fn();
    await deps.store.finishStep(spec.runId, spec.stepId, {
      status: "succeeded",
      output,
      error: null,
      endedAt: deps.now().toISOString(),
    });
    return { output, replayed: false };
  } catch (err) {
    await deps.store.finishStep(spec.runId, spec.stepId, {
      status: "failed",
      output: null,
      error: describeError(err),
      endedAt: deps.now().toISOString(),
    });
    throw err;
  }
}

function describeError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = "code" in err && typeof err.code === "string" ? `${err.code}: ` : "";
  return `${code}${err.message}`;
}
