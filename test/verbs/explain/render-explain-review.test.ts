import { describe, expect, it } from "vitest";
import { maxReviewComments, renderExplainReview } from "../../../src/verbs/explain/render-explain-review.ts";
import type { SymbolExplanation } from "../../../src/understanding/explain/explain-diff.ts";

function symbol(over: Partial<SymbolExplanation>): SymbolExplanation {
  return {
    change: "modified",
    qualifiedName: "f",
    kind: "function",
    file: "src/f.ts",
    line: 1,
    commentLine: 2,
    exported: false,
    api: { public: false, reason: "not exported from its module" },
    isTest: false,
    renamedFrom: null,
    signatureChange: null,
    behaviourChanges: [],
    callerTotal: 0,
    testTotal: 0,
    references: [],
    referenceTotal: 0,
    testsReaching: [],
    testsReachingTotal: 0,
    signatureBefore: "function f()",
    signatureAfter: "function f()",
    signatureChanged: false,
    addedLines: 1,
    removedLines: 1,
    callers: [],
    tests: [],
    newCallees: [],
    stillCalled: [],
    risks: [],
    explanation: "Changes f.",
    explainedBy: "rule",
    ...over,
  };
}

describe("renderExplainReview", () => {
  it("keeps model and PR text from becoming mentions or HTML", () => {
    const review = renderExplainReview(
      "run1",
      {
        files: [
          {
            path: "src/<x>.ts",
            oldPath: null,
            status: "added",
            added: 1,
            removed: 0,
            outsideLines: 0,
            skipped: null,
          },
        ],
        symbols: [symbol({ explanation: "Ping @octocat <img src=x> <!-- hidden -->", explainedBy: "model" })],
        focus: null,
        focusMatched: true,
      },
      true,
    );
    const text = `${review.body}\n${review.comments[0]?.body ?? ""}`;
    expect(text).not.toMatch(/@octocat/);
    expect(text).not.toContain("<img");
    expect(text.match(/<!--/g)).toHaveLength(1); // only our marker
    expect(review.body.startsWith("<!-- xihe-explain:run1 -->")).toBe(true);
  });

  it("caps the line comments and lists the rest in the body", () => {
    const symbols = Array.from({ length: maxReviewComments + 2 }, (_, i) =>
      symbol({ qualifiedName: `f${i}`, commentLine: i + 1 }),
    );
    const review = renderExplainReview(
      "run2",
      { files: [], symbols, focus: null, focusMatched: true },
      false,
    );
    expect(review.comments).toHaveLength(maxReviewComments);
    expect(review.body).toContain(`\`f${maxReviewComments + 1}\``);
    expect(review.body).not.toContain("`f0`");
  });
});
