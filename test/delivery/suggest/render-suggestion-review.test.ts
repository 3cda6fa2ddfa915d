import { describe, expect, it } from "vitest";
import {
  renderSuggestionReview,
  suggestionBlock,
  type SuggestionReviewInput,
} from "../../../src/delivery/suggest/render-suggestion-review.ts";

const base: SuggestionReviewInput = {
  key: "0123456789abcdef01234567",
  runId: "run-1",
  headSha: "a".repeat(40),
  suggestions: [
    {
      suggestion: { path: "src/mean.js", startLine: 1, line: 4, content: ["function mean(values) {", "}"] },
      why: "prettier reported this file's formatting",
    },
    {
      suggestion: { path: "src/range.js", startLine: 3, line: 3, content: ["  const lowest = 1;"] },
      why: "x",
    },
  ],
  leftOut: [],
  evidence: [{ command: "npx prettier --check .", exitBefore: 1, exitAfter: 0 }],
  sideBranch: null,
};

describe("renderSuggestionReview", () => {
  it("places multi-line suggestions with start_line/start_side and single-line ones with line only", () => {
    const { comments, body } = renderSuggestionReview(base);
    expect(comments.map(({ body: _b, ...c }) => c)).toEqual([
      { path: "src/mean.js", line: 4, side: "RIGHT", start_line: 1, start_side: "RIGHT" },
      { path: "src/range.js", line: 3, side: "RIGHT" },
    ]);
    expect(comments[0]!.body).toContain("```suggestion\nfunction mean(values) {\n}\n```");
    expect(comments[0]!.body).toContain("`npx prettier --check .` passed in Xihe's sandbox");
    expect(body).toContain("<!-- xihe:suggest-review 0123456789abcdef01234567 -->");
    expect(body).toContain("| `npx prettier --check .` | exit 1 | ✅ exit 0 |");
  });

  it("uses a fence longer than any backtick run in the suggested text", () => {
    const block = suggestionBlock(["const md = `", "```js", "````", "`;"]);
    expect(block.split("\n")[0]).toBe("`````suggestion");
    expect(block.split("\n").at(-1)).toBe("`````");
  });

  it("neutralises hostile file names, tool messages and model sentences", () => {
    const { comments, body } = renderSuggestionReview({
      ...base,
      suggestions: [
        {
          suggestion: { path: "src/a.js", startLine: 2, line: 2, content: ["x"] },
          why: "Fixed. @admin see #12 <img src=x onerror=alert(1)> [click](https://evil.example) \u202e",
        },
      ],
      leftOut: [{ path: "src/`x`\n## @owner <b>.js", line: 3, reason: "outside_diff" }],
      evidence: [{ command: "npm test -- -t '@team/x'", exitBefore: 1, exitAfter: 0 }],
      sideBranch: { branch: "xihe/fix/1-abc", url: "javascript:alert(1)" },
    });
    const why = comments[0]!.body.split("\n")[0]!;
    expect(why).not.toMatch(/@admin|#12|<img|(?<!\\)\]\(|\u202e/);
    expect(why).toContain("&lt;img");
    expect(body).not.toMatch(/\n## |@owner|javascript:/);
    // A file name is shown as code: one line, a fence its backticks cannot close, mentions broken.
    expect(body).toContain("- ``src/`x` ## @\u200bowner <b>.js:3``: outside");
    expect(body).toContain("](#)");
    expect(body).toContain("/xihe apply");
    expect(body).toContain("outside this pull request's diff");
  });
});
