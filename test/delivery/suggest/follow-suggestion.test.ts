import { describe, expect, it } from "vitest";
import { followSuggestion, mapLine } from "../../../src/delivery/suggest/follow-suggestion.ts";
import { parseUnifiedDiff } from "../../../src/delivery/suggest/parse-unified-diff.ts";

const oldLines = ["a", "let x = 1", "let y = 2", "b", "c", "let z = 3", "d"];
const sx = { path: "f.js", startLine: 2, line: 3, content: ["const x = 1;", "const y = 2;"] };
const sz = { path: "f.js", startLine: 6, line: 6, content: ["const z = 3;"] };

describe("followSuggestion", () => {
  it("sees a suggestion committed as is, and the other one still open at its moved lines", () => {
    // The author committed sx (two lines for two) and added a line above c.
    const newLines = ["a", "const x = 1;", "const y = 2;", "b", "// note", "c", "let z = 3", "d"];
    const hunks = parseUnifiedDiff(
      "@@ -2,2 +2,2 @@\n-let x = 1\n-let y = 2\n+const x = 1;\n+const y = 2;\n@@ -4,0 +5 @@\n+// note",
    );
    expect(followSuggestion(sx, { oldLines, newLines, hunks })).toEqual({ state: "applied" });
    expect(followSuggestion(sz, { oldLines, newLines, hunks })).toEqual({
      state: "open",
      now: { ...sz, startLine: 7, line: 7 },
    });
  });

  it("calls a range edited some other way changed, not applied", () => {
    const newLines = ["a", "var x = 1", "let y = 2", "b", "c", "let z = 3", "d"];
    const hunks = parseUnifiedDiff("@@ -2 +2 @@\n-let x = 1\n+var x = 1");
    expect(followSuggestion(sx, { oldLines, newLines, hunks })).toEqual({ state: "changed" });
  });

  it("maps lines through insertions and deletions, and not lines a hunk replaced", () => {
    const hunks = parseUnifiedDiff("@@ -0,0 +1,2 @@\n+x\n+y\n@@ -3 +4,0 @@\n-gone");
    expect(mapLine(0, hunks)).toBe(0);
    expect(mapLine(1, hunks)).toBe(3);
    expect(mapLine(3, hunks)).toBeNull();
    expect(mapLine(4, hunks)).toBe(5);
  });
});
