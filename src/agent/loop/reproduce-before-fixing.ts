// The reproduce step of the fix loop: after the sandbox ran the failing commands, compare with what
// CI reported (compare-reproduction.ts) and end the run before anything is changed when the sandbox
// doesn't show CI's failure or cannot run the checks at all.
import {
  compareReproduction,
  reproduction as reproductionSchema,
  type Reproduction,
} from "./compare-reproduction.ts";
import type { Step } from "../step.ts";
import type { FailureBrief } from "./check-run.ts";
import type { Perception } from "./perceive-failures.ts";
import { traceEntry, type TraceEntry } from "./reasoning-trace.ts";

// Plain parameters, not the loop's state: the loop imports this file, so it must not import the loop.
export interface ReproduceInput {
  step: Step;
  trace: TraceEntry[];
  ci: { failures: FailureBrief[]; declaredDependencies: string[] } | undefined;
}

// A step, so a resumed run keeps its decision. Without CI evidence (the CLI) there is nothing to
// compare: the sandbox run is the only evidence.
export async function reproduce(
  { step, trace, ci }: ReproduceInput,
  perception: Perception,
): Promise<Reproduction | null> {
  if (!ci) return null;
  const found = await step(
    "reproduce",
    { kind: "perceive", input: { ci: ci.failures.length }, output: reproductionSchema },
    async () => compareReproduction(ci.failures, perception, ci.declaredDependencies),
  );
  trace.push(traceEntry("reproduce", found.outcome, [found.reason], 1));
  return found;
}

export function endUnreproduced(
  found: Reproduction,
): { status: "needs_input"; reason: string; question: string } | null {
  if (found.outcome === "not_reproduced")
    return {
      status: "needs_input",
      reason: `not reproduced: ${found.reason}; nothing was changed`,
      question: "Re-run CI on this head, or configure the command that reproduces its failure.",
    };
  if (found.outcome === "environment")
    return {
      status: "needs_input",
      reason: `environment: ${found.reason}; nothing was changed`,
      question: "Install or declare what the sandbox is missing, then ask again.",
    };
  return null;
}
