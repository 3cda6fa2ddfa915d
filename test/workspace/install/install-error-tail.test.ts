import { describe, expect, it } from "vitest";
import { installErrorTail, quotedErrorTail } from "../../../src/workspace/install/install-error-tail.ts";

describe("installErrorTail", () => {
  it("keeps the printable words of what the install printed, never terminal control characters", () => {
    const stderr =
      "npm error \u001b[31mcode E404\u001b[39m\r\nnpm error \u0007bell\u0008 and a lone escape\u001b\n";
    expect(installErrorTail({ stdout: "", stderr })).toBe(
      "npm error code E404\nnpm error bell and a lone escape",
    );
  });

  it("reads stdout when stderr is empty, and keeps only the last lines", () => {
    const stdout = Array.from({ length: 30 }, (_, i) => `line ${i}`).join("\n");
    const tail = installErrorTail({ stdout, stderr: " \n" });
    expect(tail?.split("\n")).toEqual(Array.from({ length: 20 }, (_, i) => `line ${i + 10}`));
  });

  it("quotes each line under a heading, as the fix summary and locate --run print it", () => {
    expect(quotedErrorTail("npm error code E404\nnpm error 404 Not Found")).toEqual([
      "  its last output:",
      "  | npm error code E404",
      "  | npm error 404 Not Found",
    ]);
  });
});
