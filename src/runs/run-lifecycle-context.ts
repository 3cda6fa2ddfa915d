// The keys the run lifecycle itself keeps in a run's context: how often a dead worker's run was
// resumed (recover-interrupted.ts) and how often it was parked because GitHub did not answer.
import { z } from "zod";

export const runLifecycleContext = z.object({
  resumes: z.number().int().min(0).default(0),
  unreachableParks: z.number().int().min(0).default(0),
});
