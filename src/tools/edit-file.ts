import { z } from "zod";
import { ToolFailure } from "../errors.ts";
import { defineTool, type ToolContext } from "./define-tool.ts";
import { findEditTarget } from "./find-edit-target.ts";
import { requireWorkspaceText, writeWorkspaceText } from "./workspace-files.ts";

const input = z.strictObject({
  path: z.string().min(1).describe("File path relative to the repository root"),
  old: z
    .string()
    .min(1)
    .describe(
      "The exact text to replace, copied from read_file output without line numbers; it must occur once",
    ),
  new: z.string().describe("The replacement text"),
});

type EditInput = z.infer<typeof input>;

async function apply(
  { path, old, new: replacement }: EditInput,
  { root }: ToolContext,
): Promise<{ before: string; after: string }> {
  const before = await requireWorkspaceText(root, path);
  const target = findEditTarget(before, old, replacement);
  if (target.kind === "ambiguous")
    throw new ToolFailure(
      `old text occurs ${target.lines.length} times in ${path} (lines ${target.lines.join(", ")}); include more surrounding lines so it is unique`,
    );
  if (target.kind === "missing") {
    const shown = target.candidates.map(
      (c) => `--- closest match at line ${c.line} (${Math.round(c.similarity * 100)}% similar):\n${c.text}`,
    );
    throw new ToolFailure(
      `old text not found in ${path}.${shown.length > 0 ? `\n${shown.join("\n")}` : " Read the file again and copy the text exactly."}`,
    );
  }
  return { before, after: before.slice(0, target.start) + target.replacement + before.slice(target.end) };
}

export const editFile = defineTool({
  name: "edit_file",
  permission: "write",
  idempotent: false,
  input,
  description:
    "Replace one exact piece of text in a file with new text. Indentation and trailing-space differences are tolerated.",
  async preview(args, ctx) {
    const { before, after } = await apply(args, ctx);
    return [{ path: args.path, before, after }];
  },
  async run(args, ctx) {
    const { before, after } = await apply(args, ctx);
    await writeWorkspaceText(ctx.root, args.path, after);
    const removed = before.split("\n").length - after.split("\n").length;
    return {
      forModel: `edited ${args.path}`,
      summary: `edited ${args.path}${removed > 0 ? ` (-${removed} lines)` : ""}`,
    };
  },
});
