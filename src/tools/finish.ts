// The model says it is done. It does not decide success: the loop verifies by re-running the
// failing commands, and only that verdict counts.
import { z } from "zod";
import { defineTool } from "./define-tool.ts";

const input = z.strictObject({
  summary: z.string().min(3).max(2000).describe("What you changed and why, in one or two sentences"),
  confidence: z
    .number()
    .min(0)
    .max(1)
    .describe("How sure you are that the failing commands now pass, 0 to 1"),
});

export const finish = defineTool({
  name: "finish",
  permission: "read",
  idempotent: true,
  input,
  description: "Declare this round's change complete; the failing commands are then re-run to verify it.",
  async run({ summary }) {
    return {
      forModel: "verification will re-run the failing commands",
      summary: `finished: ${summary.slice(0, 120)}`,
    };
  },
});
