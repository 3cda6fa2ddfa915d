import { describe, expect, it } from "vitest";
import { escapeBlock, escapeInline, plainText } from "../../src/delivery/markdown-text.ts";
import { unfixedAnnotations } from "../../src/delivery/unfixed-annotations.ts";

const z = "\u200b";

describe("A46 the shared sanitizer", () => {
  it("A46: inline text neutralises references, autolinks, math and line-start markup", () => {
    expect(escapeInline("octo/shop#12 #3 gh-4")).toBe(`octo/shop#${z}12 #${z}3 gh-${z}4`);
    expect(escapeInline("https://x.example www.x.example")).toBe(`https:${z}//x.example www${z}.x.example`);
    expect(escapeInline("$$x$$")).toBe("&#36;&#36;x&#36;&#36;");
    expect(escapeInline("&#64;octo @org/team")).toBe(`&amp;#${z}64;octo @${z}org/team`);
    expect(escapeInline("# h")).toBe("\\# h");
    expect(escapeInline("+ item")).toBe("\\+ item");
    expect(escapeInline("1) item")).toBe("1\\) item");
    expect(escapeInline("===")).toBe("\\===");
  });

  it("A46: block text keeps paragraphs but no line opens a heading, quote, list, table or code block", () => {
    const out = escapeBlock("# Title\n\n\n\n> quote\n    indented code\n- a | b\n--- | ---\n===", 1000);
    expect(out).toBe("\\# Title\n\n&gt; quote\nindented code\n\\- a \\| b\n\\--- \\| ---\n\\===");
  });

  it("A46: block text is capped and stripped of escapes and invisible characters", () => {
    const out = escapeBlock(`\u001b[31m\u202eab\u200bc\n${"x".repeat(5000)}`, 100);
    expect(out.startsWith("abc\n")).toBe(true);
    expect(out.length).toBeLessThanOrEqual(100);
  });

  it("A46: plain text fields and annotations lose terminal escapes, bidi overrides and controls", () => {
    expect(plainText("\u001b[1mbold\u001b[0m \u202eevil\u0007", 100)).toBe("bold evil");
    const [annotation] = unfixedAnnotations({
      status: "not_fixed",
      testsFixed: [],
      failures: [
        {
          tool: "vitest",
          kind: "test",
          file: "a.ts",
          line: 1,
          test: null,
          message: "\u2066hidden\u2069 \u001b[31mred",
          classification: "code",
        },
      ],
    });
    expect(annotation?.message).toBe("vitest: hidden red");
  });
});
