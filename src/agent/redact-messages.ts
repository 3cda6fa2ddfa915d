// Scrubs every message's text before a prompt leaves the process, with the same redaction as logs:
// file contents, command output and the context brief come from the PR and may carry a secret
// (a token printed by a test, a key committed by mistake, the host's own key echoed back).
import type { ChatMessage } from "./model/model.ts";

export function redactMessages(
  messages: readonly ChatMessage[],
  redact: (text: string) => string,
): ChatMessage[] {
  return messages.map((m): ChatMessage => {
    if (m.role !== "assistant") return { ...m, content: redact(m.content) };
    return {
      ...m,
      content: m.content === null ? null : redact(m.content),
      toolCalls: m.toolCalls.map((c) => ({ ...c, arguments: redact(c.arguments) })),
    };
  });
}
