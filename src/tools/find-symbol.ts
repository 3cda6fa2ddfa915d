import { z } from "zod";
import { ToolFailure } from "../errors.ts";
import { defineTool } from "./define-tool.ts";

const input = z.strictObject({
  name: z.string().min(1).describe('Symbol name or qualified name, e.g. "total" or "Cart.total"'),
  kind: z
    .enum(["function", "method", "class", "interface", "type", "constant", "variable", "module"])
    .optional()
    .describe("Only symbols of this kind"),
});

export const findSymbol = defineTool({
  name: "find_symbol",
  permission: "read",
  idempotent: true,
  input,
  description:
    "Find where a function, class, method or other symbol is defined, with its signature and the callers the index knows.",
  async run({ name, kind }, { index }) {
    if (!index) throw new ToolFailure("no code index is available for this run; use search_code instead");
    const matches = index.symbols.filter(
      (s) => (s.name === name || s.qualifiedName === name) && (!kind || s.kind === kind),
    );
    if (matches.length === 0)
      throw new ToolFailure(`no symbol named ${JSON.stringify(name)}; try search_code with part of the name`);
    const lines = matches.slice(0, 20).map((s) => {
      const callers = index.calls
        .filter((c) => c.to === s.id)
        .slice(0, 5)
        .map((c) => `${c.file}:${c.line}`);
      return `${s.kind} ${s.qualifiedName} ${s.file}:${s.startLine}-${s.endLine}\n  ${s.signature}${callers.length > 0 ? `\n  called from ${callers.join(", ")}` : ""}`;
    });
    return { forModel: lines.join("\n"), summary: `found ${matches.length} definition(s) of ${name}` };
  },
});
