// The model asks the person who started the run. The loop stops with needs_input and shows the
// question; the validator also turns a high-risk change into one of these.
import { z } from "zod";
import { defineTool } from "./define-tool.ts";

const input = z.strictObject({
  question: z
    .string()
    .min(5)
    .max(2000)
    .describe("One concrete question the person can answer without reading the whole run"),
  why: z
    .string()
    .max(1000)
    .optional()
    .describe("What you cannot decide alone, and what you would do with each answer"),
});

export const askUser = defineTool({
  name: "ask_user",
  permission: "read",
  idempotent: true,
  input,
  description:
    "Stop and ask the person who started the run a question, when the fix needs a decision you must not take alone.",
  async run({ question }) {
    return {
      forModel: "question recorded; the run stops until the person answers",
      summary: `asked: ${question.slice(0, 120)}`,
    };
  },
});
