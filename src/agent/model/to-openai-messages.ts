// Translates our ChatMessage list to the chat-completions wire shape. In text mode (no native tools)
// earlier tool calls and results are rendered as plain text, which every endpoint accepts.
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { ChatMessage } from "./model.ts";

export function toOpenAiMessages(
  messages: readonly ChatMessage[],
  nativeTools: boolean,
): ChatCompletionMessageParam[] {
  return messages.map((m): ChatCompletionMessageParam => {
    if (m.role === "system") return { role: "system", content: m.content };
    if (m.role === "user") return { role: "user", content: m.content };
    if (m.role === "tool") {
      if (nativeTools) return { role: "tool", tool_call_id: m.toolCallId, content: m.content };
      return { role: "user", content: `Result of tool call ${m.toolCallId}:\n${m.content}` };
    }
    if (!nativeTools) {
      const blocks = m.toolCalls.map(
        (c) => "```json\n" + JSON.stringify({ tool: c.name, arguments: safeJson(c.arguments) }) + "\n```",
      );
      return { role: "assistant", content: [m.content ?? "", ...blocks].filter((s) => s !== "").join("\n") };
    }
    if (m.toolCalls.length === 0) return { role: "assistant", content: m.content ?? "" };
    return {
      role: "assistant",
      content: m.content,
      tool_calls: m.toolCalls.map((c) => ({
        id: c.id,
        type: "function",
        function: { name: c.name, arguments: c.arguments },
      })),
    };
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // The model sent unparseable arguments earlier; echo them back verbatim so it sees its mistake.
    return text;
  }
}
