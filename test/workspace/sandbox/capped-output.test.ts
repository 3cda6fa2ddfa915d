import { describe, expect, it } from "vitest";
import { createCappedOutput } from "../../../src/workspace/sandbox/capped-output.ts";

describe("createCappedOutput", () => {
  it("keeps everything under the limit and streams it", () => {
    const out = createCappedOutput(10);
    expect(out.push(Buffer.from("abc"))).toBe("abc");
    // Past the head budget streaming stops (the tail is only known at the end), even if it later fits.
    expect(out.push(Buffer.from("defgh"))).toMatch(/^de\n\[xihe: output not streamed/);
    expect(out.text()).toEqual({ text: "abcdefgh", truncated: false });
  });

  it("streams a multi-byte character split across chunks intact", () => {
    const out = createCappedOutput(100);
    const bytes = Buffer.from("修复");
    expect(out.push(bytes.subarray(0, 2)) + out.push(bytes.subarray(2))).toBe("修复");
  });

  it("keeps head and tail with a marker naming the dropped byte count", () => {
    const out = createCappedOutput(8);
    const streamed = ["HEAD", "middle-middle", "TAIL"].map((c) => out.push(Buffer.from(c))).join("");
    expect(streamed.startsWith("HEAD\n[xihe: output not streamed")).toBe(true);
    const { text, truncated } = out.text();
    expect(truncated).toBe(true);
    expect(text).toBe("HEAD\n[xihe: 13 bytes of output dropped]\nTAIL");
    expect(out.totalBytes).toBe(21);
  });
});
