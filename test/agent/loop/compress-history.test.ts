import { describe, expect, it } from "vitest";
import { compressHistory } from "../../../src/agent/loop/compress-history.ts";

describe("compressHistory", () => {
  it("replaces tool results older than the latest turn with their one-line summaries", () => {
    const long = "line\n".repeat(500);
    const messages = compressHistory(
      [
        { message: { role: "user", content: "memo" }, summary: null, turn: 0 },
        {
          message: { role: "tool", toolCallId: "a", content: long },
          summary: "read src/a.js:1-500",
          turn: 1,
        },
        {
          message: { role: "tool", toolCallId: "b", content: long },
          summary: "read src/b.js:1-500",
          turn: 2,
        },
      ],
      2,
    );
    expect(messages).toEqual([
      { role: "user", content: "memo" },
      { role: "tool", toolCallId: "a", content: "[earlier result, compressed] read src/a.js:1-500" },
      { role: "tool", toolCallId: "b", content: long },
    ]);
  });
});
