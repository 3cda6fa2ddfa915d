// Keeps a round's conversation small: tool results older than the latest turn are replaced by their
// one-line summaries; the model can always call the tool again for the full text.
import type { ChatMessage } from "../model/model.ts";

export type HistoryItem = { message: ChatMessage; summary: string | null; turn: number };

export function compressHistory(items: readonly HistoryItem[], currentTurn: number): ChatMessage[] {
  return items.map(({ message, summary, turn }) => {
    if (message.role !== "tool" || summary === null || turn >= currentTurn) return message;
    return {
      role: "tool",
      toolCallId: message.toolCallId,
      content: `[earlier result, compressed] ${summary}`,
    };
  });
}
