// Literal search over the repository's text files, with matching symbol names from the code index
// first. Literal only: a model-written regular expression could hang the process.
import { z } from "zod";
import { defineTool } from "./define-tool.ts";
import { readWorkspaceText } from "./workspace-files.ts";
import { ToolFailure } from "../errors.ts";

const input = z.strictObject({
  query: z.string().min(2).describe("Exact text to find (case-sensitive unless ignoreCase)"),
  under: z.string().optional().describe("Only files under this directory"),
  ignoreCase: z.boolean().optional().describe("Match regardless of case"),
  maxResults: z.number().int().min(1).max(200).optional().describe("Maximum matching lines (default 50)"),
});

export const searchCode = defineTool({
  name: "search_code",
  permission: "read",
  idempotent: true,
  input,
  description:
    "Find an exact text in the repository's files; returns path:line: text for each match, and matching symbols from the code index.",
  async run({ query, under, ignoreCase = false, maxResults = 50 }, { root, git, index }) {
    const prefix = under ? `${under.replace(/^\.\/?/, "").replace(/\/$/, "")}/` : "";
    const norm = (s: string) => (ignoreCase ? s.toLowerCase() : s);
    const needle = norm(query);
    const symbols = (index?.symbols ?? [])
      .filter((s) => norm(s.qualifiedName).includes(needle))
      .slice(0, 10)
      .map((s) => `symbol ${s.kind} ${s.qualifiedName} at ${s.file}:${s.startLine}`);
    const hits: string[] = [];
    for (const file of await git.listFiles()) {
      if (hits.length >= maxResults) break;
      if (prefix && !file.startsWith(prefix)) continue;
      const text = await readWorkspaceText(root, file).catch((err: unknown) => {
        if (err instanceof ToolFailure) return null; // binary, too large or a link out: not searchable
        throw err;
      });
      if (text === null) continue;
      text.split("\n").forEach((line, i) => {
        if (hits.length < maxResults && norm(line).includes(needle))
          hits.push(`${file}:${i + 1}: ${line.trim().slice(0, 200)}`);
      });
    }
    const body = [...symbols, ...hits];
    return {
      forModel: body.length > 0 ? body.join("\n") : `no match for ${JSON.stringify(query)}`,
      summary: `searched ${JSON.stringify(query)}: ${hits.length} lines, ${symbols.length} symbols`,
    };
  },
});
