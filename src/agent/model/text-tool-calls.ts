// JSON-in-text tool calling for endpoints without native tools: the tools are described in the
// system prompt and the model answers with a fenced ```json block {"tool": ..., "arguments": {...}}.
// Native mode also uses the parser when a model writes such a block instead of a real tool call.
import type { ToolCallRequest, ToolSpec } from "./model.ts";

export function describeToolsInText(tools: readonly ToolSpec[]): string {
  const lines = tools.map(
    (t) => `- ${t.name}: ${t.description}\n  arguments JSON Schema: ${JSON.stringify(t.parameters)}`,
  );
  return [
    "To call a tool, answer with exactly one fenced block per call and nothing else:",
    '```json\n{"tool": "<name>", "arguments": { ... }}\n```',
    "Available tools:",
    ...lines,
  ].join("\n");
}

const fence = /```(?:json)?\s*\n([\s\S]*?)```/g;

/** Calls found in the text; a block that is not valid JSON becomes a call the validator rejects. */
export function parseTextToolCalls(text: string | null, idPrefix: string): ToolCallRequest[] {
  if (!text) return [];
  const calls: ToolCallRequest[] = [];
  for (const match of text.matchAll(fence)) {
    const body = (match[1] ?? "").trim();
    const id = `${idPrefix}-${calls.length + 1}`;
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      // Kept as a call on purpose: the model gets "arguments are not valid JSON" and can retry.
      calls.push({ id, name: guessName(body), arguments: body });
      continue;
    }
    for (const item of Array.isArray(parsed) ? parsed : [parsed]) {
      if (!isRecord(item) || typeof item.tool !== "string") continue;
      calls.push({
        id: `${idPrefix}-${calls.length + 1}`,
        name: item.tool,
        arguments: JSON.stringify(item.arguments ?? {}),
      });
    }
  }
  return calls;
}

function guessName(body: string): string {
  return /"tool"\s*:\s*"([a-z_]+)"/.exec(body)?.[1] ?? "";
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
