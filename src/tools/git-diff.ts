import { z } from "zod";
import { defineTool } from "./define-tool.ts";

const maxChars = 12_000;

const input = z.strictObject({
  paths: z
    .array(z.string().min(1))
    .max(50)
    .optional()
    .describe("Only these files (default: every changed file)"),
});

export const gitDiff = defineTool({
  name: "git_diff",
  permission: "read",
  idempotent: true,
  input,
  description:
    "Show the changes made so far in this run (a unified diff against the commit the run started from).",
  async run({ paths }, { git, baseCommit }) {
    const diff = await git.diff(baseCommit, paths ?? []);
    const shown =
      diff.length > maxChars ? `${diff.slice(0, maxChars)}\n… diff cut at ${maxChars} chars` : diff;
    return {
      forModel: shown === "" ? "no changes yet" : shown,
      summary: `diff ${diff.split("\n").length} lines`,
    };
  },
});
