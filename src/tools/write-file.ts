import { z } from "zod";
import { defineTool } from "./define-tool.ts";
import { readWorkspaceText, writeWorkspaceText } from "./workspace-files.ts";

const input = z.strictObject({
  path: z
    .string()
    .min(1)
    .describe("File path relative to the repository root; parent directories are created"),
  content: z.string().max(200_000).describe("The complete new text of the file"),
});

export const writeFile = defineTool({
  name: "write_file",
  permission: "write",
  idempotent: true,
  input,
  description:
    "Create a file, or replace a whole file's text. Prefer edit_file for changes to existing files.",
  async preview({ path, content }, { root }) {
    return [{ path, before: await readWorkspaceText(root, path), after: content }];
  },
  async run({ path, content }, { root }) {
    const existed = (await readWorkspaceText(root, path)) !== null;
    await writeWorkspaceText(root, path, content);
    return {
      forModel: `${existed ? "replaced" : "created"} ${path}`,
      summary: `${existed ? "rewrote" : "created"} ${path}`,
    };
  },
});
