// A run's context is JSON written by its trigger and extended as the run goes (the status comment,
// the delivered branch, ...). Each reader names the shape it needs as a zod schema, declared by the
// module that owns those keys, and parses it: a run recorded in a shape this version cannot read
// fails loudly with the run id and the field, instead of reading as "" or false.
import type { z } from "zod";
import { XiheError } from "../errors.ts";
import type { Json, RunRecord } from "../store/store.ts";
import { describeZodIssues } from "./zod-issues.ts";

/** A run's stored context does not parse with the schema its reader declares. */
export class RunContextMismatch extends XiheError {
  readonly code = "run_context_mismatch";
}

export function parseRunContext<S extends z.ZodType>(
  run: Pick<RunRecord, "id" | "context">,
  schema: S,
): z.output<S> {
  const read = readRunContext(run, schema);
  if (read.ok) return read.context;
  throw read.error;
}

/** parseRunContext as a value, for a caller that must go on with other runs when one is unreadable. */
export function readRunContext<S extends z.ZodType>(
  run: Pick<RunRecord, "id" | "context">,
  schema: S,
): { ok: true; context: z.output<S> } | { ok: false; error: RunContextMismatch } {
  // null is a run recorded with nothing to say (e.g. a CLI run): every key is absent, not wrong.
  const parsed = schema.safeParse(run.context ?? {});
  if (parsed.success) return { ok: true, context: parsed.data };
  const error = new RunContextMismatch(
    `run ${run.id}: its stored context does not fit (${describeZodIssues(parsed.error)}); ` +
      "it was recorded by an incompatible version of Xihe, so start it again with the command",
    { cause: parsed.error },
  );
  return { ok: false, error };
}

/** The context with keys merged in, for the worker's `remember` (other keys are kept as stored). */
export function mergeRunContext(run: Pick<RunRecord, "context">, values: Record<string, Json>): Json {
  const c = run.context;
  const base = c !== null && typeof c === "object" && !Array.isArray(c) ? c : {};
  return { ...base, ...values };
}
