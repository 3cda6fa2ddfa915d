import { describe, expect, it, vi } from "vitest";
import { redactText } from "../../../src/redact.ts";
import { createRedactingStream } from "../../../src/workspace/sandbox/redacting-stream.ts";

describe("createRedactingStream", () => {
  it("redacts a secret split across two chunks", () => {
    const secret = "configured-secret-value-123";
    const emitted: string[] = [];
    const stream = createRedactingStream(
      (t) => redactText(t, [secret]),
      (t) => emitted.push(t),
      { holdChars: 64 },
    );
    stream.write(`${"x".repeat(100)} key=${secret.slice(0, 10)}`);
    stream.write(`${secret.slice(10)} done\n`);
    stream.flush();
    const all = emitted.join("");
    expect(all).toBe(`${"x".repeat(100)} key=[redacted] done\n`);
    expect(emitted.length).toBeGreaterThan(1);
  });

  it("emits held text once the stream goes quiet", () => {
    vi.useFakeTimers();
    try {
      const emitted: string[] = [];
      const stream = createRedactingStream(
        (t) => t,
        (t) => emitted.push(t),
        { idleMs: 100 },
      );
      stream.write("short progress line\n");
      vi.advanceTimersByTime(99);
      expect(emitted).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(emitted).toEqual(["short progress line\n"]);
    } finally {
      vi.useRealTimers();
    }
  });
});
