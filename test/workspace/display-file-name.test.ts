import { describe, expect, it } from "vitest";
import { displayFileName, pathArgument } from "../../src/workspace/display-file-name.ts";

describe("A11 hostile file names", () => {
  it("A11 prefixes option-like names with ./ for argv", () => {
    expect(pathArgument("-rf")).toBe("./-rf");
    expect(pathArgument("--output=/etc/x")).toBe("./--output=/etc/x");
    expect(pathArgument("src/a.ts")).toBe("src/a.ts");
  });

  it("A11 shows newlines, RTL overrides, backticks and non-UTF-8 bytes escaped on one line", () => {
    expect(displayFileName("a\nb.ts")).toBe("`a\\x0ab.ts`");
    expect(displayFileName("invoice\u202Efdp.exe")).toBe("`invoice\\u202Efdp.exe`");
    expect(displayFileName("x`y")).toBe("`x\\`y`");
    expect(displayFileName(Buffer.from([0x61, 0xff, 0x62]))).toBe("`a\\uFFFDb`");
  });
});
