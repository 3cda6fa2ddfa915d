// zod shapes of perception's records as runs store them (step outputs), checked against
// perception's own types so the two cannot drift apart.
import { z } from "zod";
import type { Classification, Failure, Frame } from "../../perception/failure.ts";

const frame = z.object({
  file: z.string(),
  line: z.number().nullable(),
  function: z.string().nullable(),
  external: z.boolean(),
}) satisfies z.ZodType<Frame>;

export const storedFailure = z.object({
  tool: z.string(),
  kind: z.enum(["test", "lint", "type", "build", "install", "crash", "timeout"]),
  file: z.string().nullable(),
  line: z.number().nullable(),
  column: z.number().nullable(),
  test: z.string().nullable(),
  message: z.string(),
  rule: z.string().nullable(),
  frames: z.array(frame),
}) satisfies z.ZodType<Failure>;

export const storedClassification = z.object({
  verdict: z.enum(["code", "transient", "flaky", "config"]),
  evidence: z.string(),
  reason: z.string(),
}) satisfies z.ZodType<Classification>;
