import { z } from "zod";
import { defineTool } from "./define-tool.ts";
import { requireWorkspaceText } from "./workspace-files.ts";

const maxLines = 400;

const input = z.strictObject({
  path: z.string().min(1).describe("File path relative to the repository root"),
  fromLine: z.number().int().min(1).optional().describe("First line to return, 1-based (default 1)"),
  toLine: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe(`Last line to return, inclusive (at most ${maxLines} lines per call)`),
});

export const readFile = defineTool({
  name: "read_file",
  permission: "read",
  idempotent: true,
  input,
  description:
    "Return the text of one file in the repository, with line numbers. Read a line range of large files.",
  async run({ path, fromLine = 1, toLine }, { root }) {
    const lines = (await requireWorkspaceText(root, path)).split("\n");
    const last = Math.min(lines.length, toLine ?? fromLine + maxLines - 1, fromLine + maxLines - 1);
    const shown = lines
      .slice(fromLine - 1, last)
      .map((line, i) => `${String(fromLine + i).padStart(5)}| ${line}`);
    const more =
      last < lines.length
        ? `\n… ${lines.length - last} more lines; call again with fromLine ${last + 1}`
        : "";
    return {
      forModel: `${path} (lines ${fromLine}-${last} of ${lines.length})\n${shown.join("\n")}${more}`,
      summary: `read ${path}:${fromLine}-${last}`,
    };
  },
});
