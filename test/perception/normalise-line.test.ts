import { describe, expect, it } from "vitest";
import { normaliseLine } from "../../src/perception/normalise-line.ts";

describe("normaliseLine", () => {
  it("drops the Actions timestamp, a BOM and the CR of CRLF", () => {
    expect(normaliseLine("\ufeff2026-11-30T12:34:56.1234567Z FAIL test/a.test.js\r")).toBe(
      "FAIL test/a.test.js",
    );
    expect(normaliseLine("2026-11-30T12:34:56.1234567Z \ufeff> app@1.0.0 test")).toBe("> app@1.0.0 test");
  });

  it("keeps only the last frame of a carriage-return progress line", () => {
    expect(normaliseLine("progress 10%\rprogress 55%\rdone 100%")).toBe("done 100%");
    expect(normaliseLine("downloading\r\u001b[K")).toBe("downloading");
  });

  it("removes colour codes, OSC 8 hyperlinks and window titles but keeps the text", () => {
    expect(normaliseLine("\u001b[96msrc/a.ts\u001b[0m:\u001b[93m4\u001b[0m")).toBe("src/a.ts:4");
    expect(normaliseLine("see \u001b]8;;https://example.test\u001b\\the docs\u001b]8;;\u001b\\ now")).toBe(
      "see the docs now",
    );
    expect(normaliseLine("\u001b]0;my title\u0007visible")).toBe("visible");
  });

  it("leaves ordinary lines untouched, including non-ASCII text", () => {
    expect(normaliseLine("  ● Cart › remove › ignores unknown skus")).toBe(
      "  ● Cart › remove › ignores unknown skus",
    );
    expect(normaliseLine("2026 was a year")).toBe("2026 was a year");
  });
});
