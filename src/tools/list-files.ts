import { z } from "zod";
import { defineTool } from "./define-tool.ts";

const input = z.strictObject({
  under: z.string().optional().describe("Only files under this directory, relative to the repository root"),
  contains: z
    .string()
    .optional()
    .describe('Only paths containing this text (case-insensitive), e.g. ".test."'),
  limit: z
    .number()
    .int()
    .min(1)
    .max(1000)
    .optional()
    .describe("Maximum number of paths to return (default 200)"),
});

export const listFiles = defineTool({
  name: "list_files",
  permission: "read",
  idempotent: true,
  input,
  description:
    "List the repository's files (tracked and new, not ignored), optionally under a directory or matching text.",
  async run({ under, contains, limit = 200 }, { git }) {
    const prefix = under ? `${under.replace(/^\.\/?/, "").replace(/\/$/, "")}/` : "";
    const needle = contains?.toLowerCase();
    const all = (await git.listFiles()).filter(
      (p) => (prefix === "/" || p.startsWith(prefix)) && (!needle || p.toLowerCase().includes(needle)),
    );
    const shown = all.slice(0, limit);
    const more =
      all.length > shown.length ? `\n… ${all.length - shown.length} more; narrow with under or contains` : "";
    return {
      forModel: shown.length > 0 ? shown.join("\n") + more : "no files match",
      summary: `listed ${all.length} files${prefix ? ` under ${prefix}` : ""}`,
    };
  },
});
