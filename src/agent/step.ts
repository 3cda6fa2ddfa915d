// The one persistence capability the agent core needs: run a unit of work as a persisted step. The
// run lifecycle (runs/run-step.ts) implements it; the verb passes it down, so the core never sees the
// store. Every step declares the zod schema of its output: a replay parses the stored JSON instead
// of trusting it, and a stored shape that no longer fits fails the step by name.
import type { z } from "zod";
import type { Json } from "../store/store.ts";

export interface StepSpec<T> {
  /** What kind of work this is ("perceive", "tool", "push", ...), for traces and recovery. */
  kind: string;
  /** What the step was asked to do, stored beside its output. */
  input: Json;
  /** The shape of the step's output; the stored JSON is parsed with it on every read. */
  output: z.ZodType<T>;
}

/** What fn is told about earlier attempts of its step. */
export interface StepAttempt {
  /** An earlier attempt started and never recorded success (a crash, a store outage mid-step): its
   *  side effect may have happened, so look for it before doing it again. */
  again: boolean;
}

export interface Step {
  /** Runs fn as a persisted step; a step that already succeeded returns its stored output, parsed. */
  <T>(stepId: string, spec: StepSpec<T>, fn: (attempt?: StepAttempt) => Promise<T>): Promise<T>;
  /** The parsed output of a step that already succeeded, or null when it has not run to success. */
  replayed<T>(stepId: string, output: z.ZodType<T>): Promise<T | null>;
}
